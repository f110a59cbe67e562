import { Alert, Box, Button, Dialog, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { seriesInfo, type FamilyId, type RollerOpacity } from '#domain/catalogue/families';
import { SiteDialog } from '../../../components/dialog/SiteDialog';
import { BlindIllustration } from '../../../components/illustration/BlindIllustration';
import { blindLook, type BlindPosition } from '../../../components/illustration/blind-look';
import { saveAs } from '../../../lib/save-file';
import { ChoiceGroup } from '../ChoiceGroup';
import { ColorSwatches } from '../ColorSwatches';
import { CornerHandles } from './CornerHandles';
import { composeWindowPreview, rasteriseIllustration, readWindowPhoto, type Corners } from './window-photo';

/**
 * The customer's photo and the corners they placed, in this tab's memory only (never stored, never
 * sent): kept while the customer moves between series and families (each configurator has its own
 * dialog), so each blind can be seen on the same window; gone when the tab is closed or reloaded.
 * Module state rather than a jotai atom: jotai's hooks here would split them out of the entry into a
 * chunk of their own, one more request in every page's first load.
 */
const kept: { photo: ImageData | null; corners: Corners } = {
  photo: null,
  corners: [
    { x: 0.25, y: 0.2 },
    { x: 0.75, y: 0.2 },
    { x: 0.75, y: 0.8 },
    { x: 0.25, y: 0.8 },
  ],
};

/** Where "Take a photo" (straight to the camera) makes no sense: a desktop with a mouse, whose file chooser "Choose a photo" already opens. */
const MOUSE_DEVICE = '@media (hover: hover) and (pointer: fine)';

const NOT_A_PHOTO = 'That file could not be opened as a photo. Please choose a JPEG or PNG photo of your window.';

export interface WindowPreviewDialogProps {
  open: boolean;
  onClose: () => void;
  family: FamilyId;
  series: string;
  /** The configurator's colour; the dialog's swatches change it there, so both always show the same blind. */
  color: string | null;
  opacity: RollerOpacity;
  onColorChange: (code: string) => void;
}

/** A button-styled label for a hidden file input: the whole label opens the chooser, the input keeps the focus ring. */
function PhotoButton({
  label,
  capture,
  onChange,
}: {
  label: string;
  capture?: 'environment';
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <chakra.label
      position="relative"
      display="inline-flex"
      alignItems="center"
      px="4"
      h="10"
      rounded="md"
      fontWeight="semibold"
      fontSize="sm"
      cursor="pointer"
      bg="brand.700"
      color="white"
      _hover={{ bg: 'brand.800' }}
      _focusWithin={{ outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      css={capture ? { [MOUSE_DEVICE]: { display: 'none' } } : undefined}
    >
      <input
        type="file"
        accept="image/*"
        capture={capture}
        onChange={onChange}
        style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
      />
      {label}
    </chakra.label>
  );
}

/**
 * "See it in your window": the blind being configured, drawn by the gallery's own illustration, laid
 * in perspective onto a photo of the customer's window between four corners they place. Everything
 * happens in the browser: the photo is read from the chosen file into a canvas, never uploaded, and
 * the result is saved as a PNG from that canvas (decision 0043).
 */
export function WindowPreviewDialog({
  open,
  onClose,
  family,
  series,
  color,
  opacity,
  onColorChange,
}: WindowPreviewDialogProps) {
  const [photo, setPhoto] = useState(kept.photo);
  const [corners, setCorners] = useState(kept.corners);
  const [position, setPosition] = useState<BlindPosition>('closed');
  const [blind, setBlind] = useState<ImageData | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [outlined, setOutlined] = useState(true);
  const illustration = useRef<HTMLDivElement>(null);
  // In state, not a ref: the dialog's content (the canvas) mounts in a portal after the dialog does.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const cornersHelpId = useId();
  const colorsId = useId();
  const look = blindLook(family, series, color, opacity, position);

  useEffect(() => {
    kept.photo = photo;
    kept.corners = corners;
  }, [photo, corners]);

  // The illustration below is redrawn by React as the blind changes; its pixels follow.
  useEffect(() => {
    const svg = illustration.current?.querySelector('svg');
    if (!svg) return;
    let current = true;
    rasteriseIllustration(svg).then(
      (pixels) => current && setBlind(pixels),
      () => current && setBlind(null),
    );
    return () => {
      current = false;
    };
  }, [family, series, color, opacity, position]);

  // One redraw a frame however fast a corner moves; the photo alone until the blind's pixels are ready.
  useEffect(() => {
    const context = canvas?.getContext('2d');
    if (!photo || !context) return;
    const frame = requestAnimationFrame(() => {
      if (!blind) {
        context.putImageData(photo, 0, 0);
        return;
      }
      const { picture, drawn } = composeWindowPreview(photo, blind, corners);
      context.putImageData(picture, 0, 0);
      setOutlined(drawn);
    });
    return () => cancelAnimationFrame(frame);
  }, [photo, blind, corners, canvas]);

  async function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again still fires a change.
    event.target.value = '';
    if (!file) return;
    try {
      setPhoto(await readWindowPhoto(file));
      setPhotoError(null);
    } catch {
      setPhotoError(NOT_A_PHOTO);
    }
  }

  function saveImage() {
    canvas?.toBlob((png) => png && saveAs(`${look.label}.png`, png, 'image/png'), 'image/png');
  }

  return (
    <>
      <SiteDialog
        open={open}
        onClose={onClose}
        title="See it in your window"
        subtitle={
          <Text color="gray.700" fontSize="sm">
            Take or choose a photo of your window, then place the four corners on the window’s corners. Your photo stays
            on this device: it is never uploaded or stored.
          </Text>
        }
        size={{ base: 'full', md: 'xl' }}
        scrollBehavior="inside"
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Close</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="brand" disabled={!photo} onClick={saveImage}>
              Save image
            </Button>
          </>
        }
      >
        <Stack gap="4">
          <Flex gap="3" wrap="wrap">
            <PhotoButton label="Take a photo" capture="environment" onChange={choosePhoto} />
            <PhotoButton label={photo ? 'Choose another photo' : 'Choose a photo'} onChange={choosePhoto} />
          </Flex>
          {photoError && (
            <Alert.Root status="error" role="alert">
              <Alert.Content>
                <Alert.Description>{photoError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {photo ? (
            <Box>
              <Box
                position="relative"
                mx="auto"
                aspectRatio={`${photo.width} / ${photo.height}`}
                w={`min(100%, calc(60vh * ${photo.width / photo.height}))`}
                bg="gray.100"
              >
                <canvas
                  ref={setCanvas}
                  width={photo.width}
                  height={photo.height}
                  role="img"
                  aria-label={`${look.label}, on your photo`}
                  style={{ display: 'block', width: '100%', height: '100%' }}
                />
                <CornerHandles corners={corners} onChange={setCorners} describedBy={cornersHelpId} />
              </Box>
              <Text id={cornersHelpId} mt="2" fontSize="sm" color={outlined ? 'gray.700' : 'red.700'}>
                {outlined
                  ? 'Drag each corner onto a corner of your window, or focus it and use the arrow keys (hold Shift for bigger steps).'
                  : 'The corners cross: place each one on its own corner of your window, top-left, top-right, bottom-right, bottom-left.'}
              </Text>
            </Box>
          ) : (
            <Flex
              align="center"
              justify="center"
              minH="40"
              rounded="md"
              borderWidth="2px"
              borderStyle="dashed"
              borderColor="gray.300"
              p="4"
            >
              <Text color="gray.700" textAlign="center">
                Your window photo will show here.
              </Text>
            </Flex>
          )}
          <ChoiceGroup<BlindPosition>
            legend="Show the blind"
            choices={[
              { value: 'closed', label: 'Closed' },
              { value: 'open', label: 'Open' },
            ]}
            value={position}
            onChange={setPosition}
          />
          <ColorSwatches
            id={colorsId}
            family={family}
            colors={seriesInfo(family, series).colors}
            value={color}
            invalid={false}
            onChange={onColorChange}
          />
        </Stack>
      </SiteDialog>
      {/* The gallery's drawing of this blind, alone, which the canvas lays onto the photo; beside the dialog's portal, so it is there from the first render. */}
      <Box ref={illustration} display="none">
        <BlindIllustration
          family={family}
          series={series}
          color={color}
          opacity={opacity}
          position={position}
          framing="blind"
        />
      </Box>
    </>
  );
}
