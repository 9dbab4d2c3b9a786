// What to do when the camera did not start: the toast (spec §8) says what happened; this stays on
// screen and says how to allow the camera, with a way on at once: the phone's own camera app
// (<input capture="environment">), whose photo is kept like any other.
import { useRef, type ChangeEvent } from 'react';
import { Camera, RefreshCw } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useT } from '../../../lib/i18n/i18n';

const errorName = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '');

export function CameraRefusedHelp({
  failure,
  onRetry,
  onPhoto,
  dark = false,
}: {
  failure: unknown;
  onRetry: () => void;
  onPhoto: (file: File) => void;
  dark?: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const name = errorName(failure);
  const refused = name === 'NotAllowedError' || name === 'PermissionDeniedError';
  if (failure === null) return null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same photo may be taken again
    if (file) onPhoto(file);
  };
  const button = cn(
    'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2',
    dark ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-700',
  );
  return (
    <div
      className={cn('w-full max-w-sm rounded-2xl p-4 text-left', dark ? 'bg-white/10 text-white' : 'bg-amber-50 text-slate-900 ring-1 ring-amber-200')}
      data-testid="camera-refused-help"
    >
      <p className="font-semibold">{refused ? t('camera.refusedTitle') : t('camera.notStartedTitle')}</p>
      {refused && (
        <ol className={cn('mt-2 list-decimal space-y-1 pl-5 text-sm', dark ? 'text-white/90' : 'text-slate-700')}>
          <li>{t('camera.allowStep1')}</li>
          <li>{t('camera.allowStep2')}</li>
          <li>{t('camera.allowStep3')}</li>
        </ol>
      )}
      <div className="mt-4 grid gap-2">
        <button type="button" onClick={onRetry} className={cn(button, dark ? 'bg-white text-slate-900' : 'bg-brand-700 text-white')}>
          <RefreshCw className="size-5" aria-hidden="true" /> {t('camera.tryAgain')}
        </button>
        {/* The phone's own camera app: it asks no permission of this page. */}
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('camera.usePhoneCamera')}
          data-testid="native-camera-input"
          onChange={choose}
        />
        <button
          type="button"
          onClick={() => input.current?.click()}
          className={cn(button, dark ? 'bg-white/15 text-white ring-1 ring-white/40' : 'bg-white text-slate-900 ring-1 ring-slate-300')}
        >
          <Camera className="size-5" aria-hidden="true" /> {t('camera.usePhoneCamera')}
        </button>
      </div>
    </div>
  );
}
