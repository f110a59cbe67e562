import {
  Alert,
  Box,
  Button,
  chakra,
  Checkbox,
  Heading,
  Image,
  Input,
  NativeSelect,
  Progress,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { trackOrderQuerySchema } from '#domain/orders/requests';
import {
  RETURN_MESSAGES,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_TYPES,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_IDS,
  RETURN_REASONS,
  unclaimedQuantityOf,
  type ReturnKind,
  type ReturnReason,
} from '#domain/returns/return-request';
import { ApiError } from '../../../api/client';
import { trackOrder, type TrackedOrder } from '../../../api/orders';
import { requestPhotoUpload, sendPhoto, submitReturnRequest } from '../../../api/returns';
import { FormField, firstMessageByField } from '../../../components/form/FormField';

interface Photo {
  file: File;
  previewUrl: string;
  progress: number;
  photoId: string | null;
  error: string | null;
}

/** Reasons the form offers for a kind: its own, and for a return the excluded ones (the server answers why). */
function reasonsFor(kind: ReturnKind): ReturnReason[] {
  return RETURN_REASON_IDS.filter(
    (id) => RETURN_REASONS[id].kind === kind || (kind === 'return' && RETURN_REASONS[id].kind === null),
  );
}

/**
 * Start a Return: the order looked up first by its number and e-mail (as /track-order does), then
 * the blinds concerned, the kind and reason, a note and photos, each uploaded as it is chosen with
 * its preview and progress. The server holds the request to the terms and says why it refuses.
 */
export function ReturnRequestForm({ onOrderFound }: { onOrderFound: (orderNumber: string) => void }) {
  const [lookup, setLookup] = useState({ orderNumber: '', email: '' });
  const [order, setOrder] = useState<TrackedOrder | null>(null);
  const [kind, setKind] = useState<ReturnKind>('return');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), [photos]);

  async function findOrder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = trackOrderQuerySchema.safeParse(lookup);
    if (!parsed.success) return setErrors(firstMessageByField(parsed.error.issues));
    setErrors({});
    setProblem(null);
    setBusy(true);
    const outcome = await trackOrder(parsed.data.orderNumber, parsed.data.email);
    setBusy(false);
    if (outcome.kind === 'found') {
      setOrder(outcome.order);
      onOrderFound(outcome.order.orderNumber);
    } else if (outcome.kind === 'invalid') setErrors(outcome.fieldErrors);
    else
      setProblem(
        outcome.kind === 'notFound'
          ? 'Order not found. Please check your order number and email address.'
          : (outcome.message ?? 'Something went wrong. Please try again.'),
      );
  }

  const updatePhoto = (file: File, change: Partial<Photo>) =>
    setPhotos((current) => current.map((photo) => (photo.file === file ? { ...photo, ...change } : photo)));

  async function addPhotos(files: FileList | null) {
    const chosen = Array.from(files ?? []).slice(0, RETURN_PHOTOS_MAX - photos.length);
    if (fileInput.current) fileInput.current.value = '';
    const added = chosen.map(
      (file) =>
        ({ file, previewUrl: URL.createObjectURL(file), progress: 0, photoId: null, error: null }) satisfies Photo,
    );
    setPhotos((current) => [...current, ...added]);
    await Promise.all(
      added.map(async ({ file }) => {
        if (!(RETURN_PHOTO_TYPES as readonly string[]).includes(file.type))
          return updatePhoto(file, { error: RETURN_MESSAGES.photoType });
        if (file.size > RETURN_PHOTO_MAX_BYTES) return updatePhoto(file, { error: RETURN_MESSAGES.photoSize });
        try {
          const upload = await requestPhotoUpload(file);
          await sendPhoto(upload, file, (progress) => updatePhoto(file, { progress }));
          updatePhoto(file, { progress: 1, photoId: upload.photoId });
        } catch (error) {
          updatePhoto(file, { error: error instanceof ApiError ? error.message : RETURN_MESSAGES.photoMissing });
        }
      }),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!order) return;
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([position, quantity]) => ({ position: Number(position), quantity }));
    const local: Record<string, string> = {};
    if (lines.length === 0) local.lines = RETURN_MESSAGES.chooseLine;
    if (!reason) local.reason = RETURN_MESSAGES.chooseReason;
    if (photos.some((photo) => !photo.photoId)) local.photoIds = RETURN_MESSAGES.photoMissing;
    setErrors(local);
    if (Object.keys(local).length > 0 || !reason) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await submitReturnRequest({
        ...lookup,
        kind,
        reason,
        lines,
        note,
        photoIds: photos.map((photo) => photo.photoId!),
      });
      setSubmitted(answer.returnNumber);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors({
        ...fieldErrors,
        ...(Object.keys(fieldErrors).some((key) => key.startsWith('photoIds'))
          ? { photoIds: error instanceof ApiError ? error.message : '' }
          : {}),
      });
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (submitted) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Request {submitted} sent</Alert.Title>
          <Alert.Description>{RETURN_MESSAGES.submitted}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap={6} maxW="3xl">
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      )}
      {!order ? (
        <chakra.form onSubmit={findOrder} noValidate aria-label="Find your order">
          <Stack gap={4}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              <FormField
                id="return-order-number"
                name="orderNumber"
                label="Order number"
                required
                error={errors.orderNumber}
              >
                {(control) => (
                  <Input
                    {...control}
                    autoCapitalize="characters"
                    value={lookup.orderNumber}
                    onChange={(event) => setLookup({ ...lookup, orderNumber: event.target.value })}
                  />
                )}
              </FormField>
              <FormField id="return-email" name="email" label="Email" required error={errors.email}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="email"
                    value={lookup.email}
                    onChange={(event) => setLookup({ ...lookup, email: event.target.value })}
                  />
                )}
              </FormField>
            </SimpleGrid>
            <Box>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Finding your order...">
                Find my order
              </Button>
            </Box>
          </Stack>
        </chakra.form>
      ) : (
        <chakra.form onSubmit={submit} noValidate aria-label={`Return or remake for order ${order.orderNumber}`}>
          <Stack gap={5}>
            <Heading as="h3" size="md" color="brand.800">
              Order {order.orderNumber}
            </Heading>
            <RadioGroup.Root
              value={kind}
              onValueChange={(details) => {
                setKind(details.value as ReturnKind);
                setReason('');
              }}
              aria-label="What would you like?"
            >
              <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
                {(['return', 'remake'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {value === 'return' ? 'Return for a refund' : 'Fit Assurance remake'}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Box as="fieldset" aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
              <Text as="legend" fontWeight="semibold" mb={2}>
                Which blinds?
              </Text>
              <Stack gap={3}>
                {order.lines.map((line) => {
                  // What other requests hold is not asked for again: each blind is in at most one request.
                  const left = unclaimedQuantityOf(line);
                  return (
                    <SimpleGrid key={line.position} columns={{ base: 1, sm: 2 }} gap={2} alignItems="center">
                      <Checkbox.Root
                        disabled={left === 0}
                        checked={(quantities[line.position] ?? 0) > 0}
                        onCheckedChange={(details) =>
                          setQuantities({ ...quantities, [line.position]: details.checked ? left : 0 })
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          {line.title} {line.roomLabel ? `(${line.roomLabel})` : ''} × {left}
                          {left < line.quantity &&
                            ` (${line.quantity - left} of ${line.quantity} already in a return or remake request)`}
                        </Checkbox.Label>
                      </Checkbox.Root>
                      {(quantities[line.position] ?? 0) > 0 && (
                        <Input
                          type="number"
                          min={1}
                          max={left}
                          aria-label={`How many of ${line.title}`}
                          value={quantities[line.position]}
                          onChange={(event) =>
                            setQuantities({
                              ...quantities,
                              [line.position]: Math.max(0, Math.min(left, Number(event.target.value) || 0)),
                            })
                          }
                          maxW="28"
                        />
                      )}
                    </SimpleGrid>
                  );
                })}
              </Stack>
              {errors.lines && (
                <Text id="return-lines-error" color="red.700" mt={2}>
                  {errors.lines}
                </Text>
              )}
            </Box>
            <FormField id="return-reason" name="reason" label="Reason" required error={errors.reason}>
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...control}
                    value={reason}
                    onChange={(event) => setReason(event.target.value as ReturnReason)}
                  >
                    <option value="">Choose a reason</option>
                    {reasonsFor(kind).map((id) => (
                      <option key={id} value={id}>
                        {RETURN_REASONS[id].label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField id="return-note" name="note" label="Note (optional)" error={errors.note}>
              {(control) => (
                <Textarea {...control} value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
              )}
            </FormField>
            <Box>
              <FormField
                id="return-photos"
                name="photos"
                label="Photos (optional)"
                error={errors.photoIds}
                helperText={`Up to ${RETURN_PHOTOS_MAX} JPEG, PNG, WebP or HEIC photos, each under 10 MB.`}
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={fileInput}
                    type="file"
                    accept={RETURN_PHOTO_TYPES.join(',')}
                    multiple
                    disabled={photos.length >= RETURN_PHOTOS_MAX}
                    onChange={(event) => void addPhotos(event.target.files)}
                    p={1}
                  />
                )}
              </FormField>
              {photos.length > 0 && (
                <SimpleGrid
                  as="ul"
                  listStyleType="none"
                  columns={{ base: 2, md: 3 }}
                  gap={3}
                  mt={3}
                  aria-label="Chosen photos"
                >
                  {photos.map((photo) => (
                    <Box as="li" key={photo.previewUrl} borderWidth="1px" rounded="md" p={2}>
                      <Image
                        src={photo.previewUrl}
                        alt={`Preview of ${photo.file.name}`}
                        h="24"
                        w="full"
                        objectFit="cover"
                        rounded="sm"
                      />
                      <Progress.Root value={Math.round(photo.progress * 100)} size="sm" mt={2} colorPalette="brand">
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                        <Progress.ValueText fontSize="xs">
                          {photo.error ?? (photo.photoId ? 'Uploaded' : `${Math.round(photo.progress * 100)}%`)}
                        </Progress.ValueText>
                      </Progress.Root>
                      <Button
                        size="xs"
                        variant="outline"
                        mt={2}
                        onClick={() => setPhotos(photos.filter((other) => other !== photo))}
                      >
                        Remove
                      </Button>
                    </Box>
                  ))}
                </SimpleGrid>
              )}
            </Box>
            <Box>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Sending...">
                Send request
              </Button>
            </Box>
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}
