// New Report from a template: the kind of job (or the spec's blank report) and, where its areas
// repeat, the bedroom and bathroom counts. A lazy chunk: the first screen does not carry it.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROOM_COUNT_MAX } from '@shared/contract/templates';
import { t } from '../../lib/i18n/i18n';
import { api } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { NewReportTemplate } from './api/projects-api';

const BLANK = '';

export default function TemplatePicker({ onCreate, isCreating }: { onCreate: (template?: NewReportTemplate) => void; isCreating: boolean }) {
  const templates = useQuery({ queryKey: ['templates'], queryFn: ({ signal }) => api.listTemplates(undefined, { signal }) });
  const [choice, setChoice] = useState(BLANK);
  const [bedrooms, setBedrooms] = useState(1);
  const [bathrooms, setBathrooms] = useState(1);
  if (!templates.data) return <Spinner />;
  const chosen = templates.data.find((template) => template.id === choice);
  const repeats = new Set(chosen?.areas.map((area) => area.repeat) ?? []);
  return (
    <form
      className="mt-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-labelledby="new-report-title"
      onSubmit={(event) => {
        event.preventDefault();
        onCreate(
          chosen ? { templateId: chosen.id, ...(repeats.has('bedrooms') ? { bedrooms } : {}), ...(repeats.has('bathrooms') ? { bathrooms } : {}) } : undefined,
        );
      }}
    >
      <h2 id="new-report-title" className="text-lg font-semibold">
        {t('newReport.title')}
      </h2>
      <fieldset className="mt-2">
        <legend className="text-sm font-semibold">{t('newReport.template')}</legend>
        {[{ id: BLANK, name: t('newReport.blank'), areas: [] as unknown[] }, ...templates.data].map((template) => (
          <label key={template.id} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="template" value={template.id} checked={choice === template.id} onChange={() => setChoice(template.id)} />
            <span>
              {template.name}
              {template.areas.length > 0 && <span className="text-sm text-slate-600"> · {t('newReport.areaCount', { count: template.areas.length })}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-2 flex gap-3">
        {repeats.has('bedrooms') && <RoomCount label={t('newReport.bedrooms')} value={bedrooms} onChange={setBedrooms} />}
        {repeats.has('bathrooms') && <RoomCount label={t('newReport.bathrooms')} value={bathrooms} onChange={setBathrooms} />}
      </div>
      <Button type="submit" className="mt-3 w-full" disabled={isCreating}>
        {isCreating ? t('common.creating') : t('newReport.create')}
      </Button>
    </form>
  );
}

/** How many of a repeated room (0 to ROOM_COUNT_MAX); whatever is typed is brought into that range. */
function RoomCount({ label, value, onChange }: { label: string; value: number; onChange: (count: number) => void }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={ROOM_COUNT_MAX}
        value={value}
        onChange={(event) => onChange(Math.min(ROOM_COUNT_MAX, Math.max(0, Math.trunc(Number(event.target.value) || 0))))}
        className="mt-1 block min-h-11 w-24 rounded-lg border border-slate-300 px-2"
      />
    </label>
  );
}
