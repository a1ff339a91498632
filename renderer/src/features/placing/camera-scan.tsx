/**
 * The laptop's camera as a scanner: a live picture, read a few times a second; each new label goes to the
 * dialog exactly as a scanned one (the same cue). A label held in front of the camera is read in every
 * frame: the same label within 2 s counts once (repeat-filter.ts). The camera is turned off when the
 * toggle is, or the dialog closes. Electron grants the camera to the app's own page only (main's
 * permission handler); a refusal is said in words.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { message } from '../../../../shared/i18n/message';
import type { MessageRef } from '../../../../shared/i18n/message';
import { useT } from '../../i18n/i18n-provider';
import type { LabelReader } from './label-reader';
import { openLabelReader } from './label-reader';
import { createRepeatFilter } from './repeat-filter';

/** About four reads a second: enough for a hand-held label, light on a laptop's two cores. */
export const CAMERA_READ_MS = 250;

export interface CameraScanProps {
  onLabel: (label: string) => void;
}

function cameraWords(error: unknown): MessageRef {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return message('placing.camera.notAllowed');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return message('placing.camera.notFound');
  if (name === 'NotReadableError') return message('placing.camera.busy');
  return message('placing.camera.failed', { reason: error instanceof Error ? error.message : String(error) });
}

/** Reads frames until `stopped()`; each new label to `onLabel`. */
async function readFrames(
  video: HTMLVideoElement,
  reader: LabelReader,
  onLabel: (label: string) => void,
  stopped: () => boolean,
): Promise<void> {
  const repeats = createRepeatFilter();
  while (!stopped()) {
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const labels = await reader.read(video).catch(() => [] as string[]);
      for (const label of labels) if (!stopped() && repeats.accept(label, Date.now())) onLabel(label);
    }
    await new Promise((resolve) => setTimeout(resolve, CAMERA_READ_MS));
  }
}

export function CameraScan({ onLabel }: CameraScanProps): ReactNode {
  const videoRef = useRef<HTMLVideoElement>(null);
  const labelRef = useRef(onLabel);
  useEffect(() => {
    labelRef.current = onLabel;
  }, [onLabel]);
  const { t } = useT();
  const [status, setStatus] = useState<MessageRef>(message('placing.camera.starting'));

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    const start = async (): Promise<void> => {
      const [media, reader] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        openLabelReader(),
      ]);
      stream = media;
      const video = videoRef.current;
      if (stopped || video === null) {
        // Closed while the camera was starting: it goes off at once.
        for (const track of media.getTracks()) track.stop();
        return;
      }
      video.srcObject = media;
      await video.play();
      setStatus(
        message(reader.engine === 'native' ? 'placing.camera.readyNative' : 'placing.camera.readyZxing'),
      );
      await readFrames(
        video,
        reader,
        (label) => labelRef.current(label),
        () => stopped,
      );
    };
    start().catch((error: unknown) => !stopped && setStatus(cameraWords(error)));
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="camera-scan">
      <video
        ref={videoRef}
        className="camera-video"
        muted
        playsInline
        aria-label={t('placing.camera.picture')}
      />
      <p className="field-hint camera-status" role="status">
        {t(status)}
      </p>
    </div>
  );
}
