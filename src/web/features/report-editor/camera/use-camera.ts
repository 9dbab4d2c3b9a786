// The camera's life (spec §4): off → live → off. Start waits for the video to play; flip stops,
// switches front/rear and starts again after 100 ms.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_FLIP_RESTART_MS } from '@shared/rules';
import { toast, toastWhenReadable } from '../../../lib/toast';
import { cameraNotSupported, describeCameraError } from './camera-errors';
import { t } from '../../../lib/i18n/i18n';
import { waitForVideoToPlay } from './wait-for-video';

export type CameraStatus = 'off' | 'starting' | 'live';
export type FacingMode = 'environment' | 'user';

/** The torch is not in TypeScript's DOM types yet (Chrome on Android has it; Safari does not). */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraints = MediaTrackConstraintSet & { torch?: boolean };

function videoTrackWithTorch(stream: MediaStream | null): MediaStreamTrack | null {
  const track = stream?.getVideoTracks()[0];
  if (!track || typeof track.getCapabilities !== 'function') return null;
  return (track.getCapabilities() as TorchCapabilities).torch ? track : null;
}

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // Each start gets a number; a start overtaken by stop/flip/unmount cleans up after itself.
  const startIdRef = useRef(0);
  const restartTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [status, setStatus] = useState<CameraStatus>('off');
  const [facingMode, setFacingMode] = useState<FacingMode>('environment');
  /** null: this camera has no torch (or it is not live). */
  const [torch, setTorch] = useState<boolean | null>(null);
  /** The last start's failure, so the screen can say more than the toast (how to allow the camera). */
  const [failure, setFailure] = useState<unknown>(null);

  const releaseStream = useCallback(() => {
    setTorch(null);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const start = useCallback(
    async (facing: FacingMode) => {
      if (!navigator.mediaDevices?.getUserMedia) {
        toast(cameraNotSupported());
        return;
      }
      const startId = ++startIdRef.current;
      releaseStream();
      setFailure(null);
      setStatus('starting');
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1440 } },
          audio: false,
        });
        if (startId !== startIdRef.current) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (!video) throw new Error('The camera preview is not on screen');
        video.srcObject = stream;
        // play() may reject on some browsers until a frame arrives; the wait below decides.
        await video.play().catch(() => undefined);
        await waitForVideoToPlay(video);
        if (startId !== startIdRef.current) return;
        setStatus('live');
        setTorch(videoTrackWithTorch(stream) ? false : null);
        toastWhenReadable({ title: t('camera.ready'), description: facing === 'user' ? t('camera.front') : t('camera.rear') });
      } catch (error) {
        if (startId !== startIdRef.current) return;
        releaseStream();
        setStatus('off');
        setFailure(error);
        toast(describeCameraError(error));
      }
    },
    [releaseStream],
  );

  const stop = useCallback(() => {
    startIdRef.current++;
    if (restartTimerRef.current) clearTimeout(restartTimerRef.current);
    releaseStream();
    setStatus('off');
  }, [releaseStream]);

  const flip = useCallback(() => {
    const next: FacingMode = facingMode === 'environment' ? 'user' : 'environment';
    setFacingMode(next);
    startIdRef.current++;
    releaseStream();
    setStatus('starting');
    if (restartTimerRef.current) clearTimeout(restartTimerRef.current);
    restartTimerRef.current = setTimeout(() => void start(next), CAMERA_FLIP_RESTART_MS);
  }, [facingMode, releaseStream, start]);

  // The camera light goes off when the editor closes.
  useEffect(
    () => () => {
      startIdRef.current++;
      if (restartTimerRef.current) clearTimeout(restartTimerRef.current);
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    },
    [],
  );

  /** The torch on or off, where the camera has one: applyConstraints({ advanced: [{ torch }] }). */
  const toggleTorch = useCallback(async () => {
    const track = videoTrackWithTorch(streamRef.current);
    if (!track || torch === null) return;
    const next = !torch;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as TorchConstraints] });
      setTorch(next);
    } catch {
      setTorch(null); // refused after all: the button goes
    }
  }, [torch]);

  return { videoRef, status, facingMode, torch, toggleTorch, failure, start: () => void start(facingMode), stop, flip };
}
