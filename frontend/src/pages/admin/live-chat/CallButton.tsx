import { Button, IconButton } from '@chakra-ui/react';
import { CHAT_MESSAGES } from '#domain/chat/chat';
import { PhoneIcon } from '../../../components/icons';
import { toaster } from '../../../components/layout/toast-queue';

function noPhone() {
  toaster.create({ type: 'warning', title: CHAT_MESSAGES.noPhoneTitle, description: CHAT_MESSAGES.noPhone });
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Dials the customer's phone; without one, says so ('No phone number'). `label` shows the words, else an icon. */
export function CallButton({ name, phone, label }: { name: string; phone: string | null; label?: string }) {
  if (label) {
    return phone ? (
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <a href={telHref(phone)}>
          <PhoneIcon boxSize="4" /> {label}
        </a>
      </Button>
    ) : (
      <Button size="sm" variant="outline" colorPalette="brand" onClick={noPhone}>
        <PhoneIcon boxSize="4" /> {label}
      </Button>
    );
  }
  return phone ? (
    <IconButton asChild size="sm" variant="outline" colorPalette="brand" aria-label={`Call ${name}`}>
      <a href={telHref(phone)}>
        <PhoneIcon boxSize="4" />
      </a>
    </IconButton>
  ) : (
    <IconButton size="sm" variant="outline" colorPalette="brand" aria-label={`Call ${name}`} onClick={noPhone}>
      <PhoneIcon boxSize="4" />
    </IconButton>
  );
}
