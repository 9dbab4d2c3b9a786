// The camera's life (spec §4): off → live → off. Start waits for the video to play; flip stops,
// switches front/rear and starts again after 100 ms.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_FLIP_RESTART_MS } from '@shared/rules';
import { toast } from '../../../lib/toast';
import { cameraNotSupported, describeCameraError } from './camera-errors';
import { t } from '../../../lib/i18n/i18n';
import { waitForVideoToPlay } from './wait-for-video';

export type CameraStatus = 'off' | 'starting' | 'live';
export type FacingMode = 'environment' | 'user';

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  // Each start gets a number; a start overtaken by stop/flip/unmount cleans up after itself.
  const startIdRef = useRef(0);
  const restartTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [status, setStatus] = useState<CameraStatus>('off');
  const [facingMode, setFacingMode] = useState<FacingMode>('environment');

  const releaseStream = useCallback(() => {
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
        toast({ title: t('camera.ready'), description: facing === 'user' ? t('camera.front') : t('camera.rear') });
      } catch (error) {
        if (startId !== startIdRef.current) return;
        releaseStream();
        setStatus('off');
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

  return { videoRef, status, facingMode, start: () => void start(facingMode), stop, flip };
}
