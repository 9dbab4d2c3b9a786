// New Report from a template: the kind of job (or the spec's blank report), where its areas
// repeat the bedroom and bathroom counts, and the client it is for. A lazy chunk: the first screen does not carry it.
// With no signal it offers the templates kept on this device, and the report is made there (use-create-report.ts).
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { ROOM_COUNT_MAX } from '@shared/contract/templates';
import { t } from '../../lib/i18n/i18n';
import { api } from '../../lib/api';
import { TEMPLATES_QUERY_KEY } from '../../lib/query-keys';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { CountField } from '../../components/ui/count-field';
import type { NewReportTemplate } from './api/projects-api';
import { useClients } from '../../lib/clients';
import { useMayCall } from '../../lib/roles';

const BLANK = '';
const NO_CLIENT = '';

interface TemplatePickerProps {
  /** A blank report when no template is chosen; for the client chosen, if any. */
  onCreate: (template: NewReportTemplate | undefined, clientId: number | undefined) => void;
  isCreating: boolean;
}

export default function TemplatePicker({ onCreate, isCreating }: TemplatePickerProps) {
  const templates = useQuery({ queryKey: TEMPLATES_QUERY_KEY, queryFn: ({ signal }) => api.listTemplates(undefined, { signal }) });
  const clients = useClients('');
  const clientSelectId = useId();
  const [choice, setChoice] = useState(BLANK);
  const [clientId, setClientId] = useState(NO_CLIENT);
  const [bedrooms, setBedrooms] = useState(1);
  const [bathrooms, setBathrooms] = useState(1);
  const mayManageTemplates = useMayCall('createTemplate');
  if (!templates.data) {
    // No signal, and this phone has never kept them (lib/kept-templates.ts): say so rather than spin.
    if (templates.fetchStatus === 'paused')
      return <p className="mt-3 rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">{t('newReport.templatesNotKept')}</p>;
    return <Spinner />;
  }
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
          clientId === NO_CLIENT ? undefined : Number(clientId),
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
        {repeats.has('bedrooms') && <CountField label={t('newReport.bedrooms')} value={bedrooms} max={ROOM_COUNT_MAX} onChange={setBedrooms} />}
        {repeats.has('bathrooms') && <CountField label={t('newReport.bathrooms')} value={bathrooms} max={ROOM_COUNT_MAX} onChange={setBathrooms} />}
      </div>
      {/* For one of the business's clients (added on /clients), or for nobody yet. */}
      {clients.data && clients.data.length > 0 && (
        <div className="mt-3">
          <label htmlFor={clientSelectId} className="text-sm font-semibold">
            {t('newReport.forClient')}
          </label>
          <select
            id={clientSelectId}
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
          >
            <option value={NO_CLIENT}>{t('newReport.noClient')}</option>
            {clients.data.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {mayManageTemplates && (
        <Link href="/templates" className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline">
          {t('newReport.manageTemplates')}
        </Link>
      )}
      <Button type="submit" className="mt-3 w-full" disabled={isCreating}>
        {isCreating ? t('common.creating') : t('newReport.create')}
      </Button>
    </form>
  );
}
