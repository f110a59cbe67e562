import { Flex, IconButton, Text, Textarea } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { messageTextSchema } from '#domain/chat/chat';
import { SendIcon } from '../icons';

interface MessageComposerProps {
  placeholder: string;
  /** The accessible name of the text box. */
  label: string;
  onSend: (text: string) => void;
  /** The viewer is typing (something in the box) or stopped. */
  onTyping: (isTyping: boolean) => void;
  disabled?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The reply box of a chat: Enter sends, Shift+Enter starts a new line; a blank message cannot be
 * sent, and one the server would refuse (too long, characters not allowed) says why instead.
 */
export function MessageComposer({ placeholder, label, onSend, onTyping, disabled = false, ref }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const blank = text.trim() === '';

  function submit() {
    if (blank || disabled) return;
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setText('');
    onSend(parsed.data);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={ref}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          value={text}
          rows={1}
          autoresize
          maxH="5lh"
          resize="none"
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
            onTyping(event.target.value.trim() !== '');
          }}
          onBlur={() => onTyping(false)}
          onKeyDown={onKeyDown}
        />
        <IconButton type="submit" aria-label="Send message" colorPalette="brand" disabled={blank || disabled}>
          <SendIcon boxSize="5" />
        </IconButton>
      </Flex>
      {error && (
        <Text id={errorId} role="alert" mt="1" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </form>
  );
}
