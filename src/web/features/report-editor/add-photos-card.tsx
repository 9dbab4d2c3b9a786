import { useState } from 'react';
import { Camera, Upload } from 'lucide-react';
import type { PhotoType } from '@shared/contract/projects';
import { Card, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { toast } from '../../lib/toast';
import { CameraPanel } from './camera/camera-panel';
import { chooseDeviceMode, readDeviceTraits, type PhotoInputMode } from './device-mode';
import { PhotoTypeSelector } from './photo-type-selector';
import { PendingUploads } from './upload/pending-uploads';
import { prepareUploadImage } from './upload/prepare-upload-image';
import { UploadPanel } from './upload/upload-panel';
import { uploadQueue, usePendingUploads } from './upload/use-upload-queue';

const MODE_LABEL: Record<PhotoInputMode, { label: string; icon: typeof Camera }> = {
  camera: { label: 'Camera', icon: Camera },
  upload: { label: 'Upload', icon: Upload },
};

/** The Add Photos card: before/after selector, camera or upload by device (spec §2, §4). */
export function AddPhotosCard({ projectId }: { projectId: number }) {
  const [{ initialMode, availableModes }] = useState(() => chooseDeviceMode(readDeviceTraits()));
  const [mode, setMode] = useState<PhotoInputMode>(initialMode);
  const [type, setType] = useState<PhotoType>('before');
  const pendingUploads = usePendingUploads(projectId);

  const keep = async (blob: Blob, source: 'camera' | 'upload') => {
    try {
      await uploadQueue.enqueue({ projectId, type, source, blob });
    } catch {
      toast({ title: 'Failed to save photo', description: 'The photo could not be kept on this device. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby="add-photos-title">
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="add-photos-title" className="whitespace-nowrap">
          Add Photos
        </CardTitle>
        {availableModes.length > 1 && (
          <div className="flex gap-1" role="tablist" aria-label="How to add photos">
            {availableModes.map((option) => {
              const { label, icon: Icon } = MODE_LABEL[option];
              return (
                <button
                  key={option}
                  type="button"
                  role="tab"
                  aria-selected={mode === option}
                  onClick={() => setMode(option)}
                  className={cn('inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium', mode === option ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-600 hover:bg-slate-100')}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </button>
              );
            })}
          </div>
        )}
      </div>
      <div className="mt-3">
        <PhotoTypeSelector value={type} onChange={setType} />
      </div>
      <div className="mt-3">
        {mode === 'camera' ? (
          <CameraPanel type={type} onCapture={(photo) => void keep(photo, 'camera')} />
        ) : (
          <UploadPanel type={type} onSave={async (file) => keep(await prepareUploadImage(file), 'upload')} />
        )}
      </div>
      <PendingUploads uploads={pendingUploads} />
    </Card>
  );
}
