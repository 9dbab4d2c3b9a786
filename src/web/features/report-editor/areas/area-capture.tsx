// A report made from a template: the areas, and Add Photos capturing into the one chosen, as the
// cleaner left the job on this device (what the outbox still has to send laid over the server's
// copy). Loaded only for such reports (a lazy chunk). The editor hands in Add Photos and the
// photos waiting to upload, which it has already loaded: this chunk does not load them again.
import { useRef, useState, type ReactNode, type Ref } from 'react';
import type { Project } from '@shared/contract/projects';
import { outbox, useOutboxItems } from '../../../lib/outbox/app-outbox';
import type { CameraOpener } from '../camera/camera-panel';
import { areaProgress } from './area-gate';
import { AreaStepper } from './area-stepper';
import { AreasCard } from './areas-card';
import { reportOnDevice } from './waiting-changes';

/** What Add Photos needs to capture into an area (the report itself comes from the editor). */
export interface AreaAddPhotos {
  areaId: number | null;
  areaBar: ReactNode;
  cameraOpener: Ref<CameraOpener>;
}

interface AreaCaptureProps {
  project: Project;
  addPhotos: (props: AreaAddPhotos) => ReactNode;
  /** The report's photos still waiting to upload (shown while a job finished here waits for them). */
  waitingUploads: ReactNode;
}

export default function AreaCapture({ project: stored, addPhotos, waitingUploads }: AreaCaptureProps) {
  const items = useOutboxItems();
  const onDevice = reportOnDevice(
    stored,
    items.map((item) => item.entry),
  );
  const { project } = onDevice;
  const progress = areaProgress(project, onDevice.waitingPhotos);
  const [chosen, setChosen] = useState<number | null>(null);
  // A tap on an area opens a phone's full-screen camera in it; elsewhere the camera beside the list captures into it.
  const camera = useRef<CameraOpener>(null);
  // An area chosen in a report made offline keeps its place once the server has made it.
  const chosenNow = chosen !== null && chosen < 0 ? (outbox.serverIdOf(chosen) ?? chosen) : chosen;
  const areaId = project.areas.some((area) => area.id === chosenNow) ? chosenNow : (project.areas[0]?.id ?? null);
  const stepper = (look: 'card' | 'field') => <AreaStepper progress={progress} areaId={areaId} onSelect={setChosen} look={look} />;

  return (
    <div className="flex flex-col gap-4">
      <AreasCard
        onDevice={onDevice}
        progress={progress}
        selected={areaId}
        onSelect={setChosen}
        onCapture={(id) => {
          setChosen(id);
          camera.current?.open();
        }}
      />
      {project.status === 'open' ? (
        <div className="flex flex-col gap-2">
          {stepper('card')}
          {addPhotos({ areaId, areaBar: stepper('field'), cameraOpener: camera })}
        </div>
      ) : (
        // Finished on this phone with photos still to go: they stay in sight until they have.
        waitingUploads
      )}
    </div>
  );
}
