// One of the business's templates, changed: its name, and its areas in order, each with the
// photos it asks for before and after and whether it repeats per bedroom or bathroom. Saved as a
// whole (PATCH); reports already made keep the areas they were made with.
import { useId, useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { AREA_MIN_PHOTOS_MAX, TEMPLATE_MAX_AREAS, TEMPLATE_NAME_MAX_LENGTH, type AreaRepeat, type Template } from '@shared/contract/templates';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { CountField } from '../../components/ui/count-field';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n/error-text';
import { t } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { useUpdateTemplate } from './api/templates-api';

interface AreaDraft {
  /** Kept for an area that was there, so its reports' areas keep their key. */
  key?: string;
  name: string;
  minBefore: number;
  minAfter: number;
  repeat: AreaRepeat;
}

export function TemplateEditor({ template, onDone }: { template: Template; onDone: () => void }) {
  const id = useId();
  const update = useUpdateTemplate();
  const [name, setName] = useState(template.name);
  const [areas, setAreas] = useState<AreaDraft[]>(
    template.areas.map(({ key, name: areaName, minBefore, minAfter, repeat }) => ({ key, name: areaName, minBefore, minAfter, repeat })),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const change = (index: number, patch: Partial<AreaDraft>) => setAreas((current) => current.map((area, i) => (i === index ? { ...area, ...patch } : area)));
  const move = (index: number, by: -1 | 1) =>
    setAreas((current) => {
      const next = [...current];
      const [area] = next.splice(index, 1);
      next.splice(index + by, 0, area!);
      return next;
    });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    update.mutate(
      {
        id: template.id,
        body: {
          name,
          areas: areas.map((area) => ({
            ...(area.key ? { key: area.key } : {}),
            name: area.name,
            minBefore: area.minBefore,
            minAfter: area.minAfter,
            repeat: area.repeat,
          })),
        },
      },
      {
        onSuccess: () => {
          toast({ title: t('templates.saved') });
          onDone();
        },
        onError: (error) => setProblem(error instanceof ApiError ? errorText(error.serverCode, error.serverMessage) : t('templates.saveFailed')),
      },
    );
  };

  return (
    <form
      onSubmit={save}
      className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-heading`}
      data-testid="template-editor"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('templates.editTitle', { name: template.name })}
      </h2>
      <div>
        <Label htmlFor={`${id}-name`}>{t('templates.name')}</Label>
        <Input id={`${id}-name`} value={name} maxLength={TEMPLATE_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">{t('templates.areas')}</legend>
        <p className="text-sm text-slate-600">{t('templates.minimumsHint')}</p>
        <ol className="mt-2 flex flex-col gap-3">
          {areas.map((area, index) => (
            <li key={area.key ?? `new-${index}`} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid="template-area">
              {/* Compact on a phone: the name's label beside its moves, the counts and repeat on one row. */}
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`${id}-area-${index}`}>{t('templates.areaName', { number: index + 1 })}</Label>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('templates.moveUp', { name: area.name || index + 1 })}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === areas.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('templates.moveDown', { name: area.name || index + 1 })}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={areas.length === 1}
                    onClick={() => setAreas((current) => current.filter((_, i) => i !== index))}
                    aria-label={t('templates.removeArea', { name: area.name || index + 1 })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <div className="mt-1 grid grid-cols-[4.5rem_4.5rem_minmax(0,1fr)] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_10rem]">
                <Input
                  id={`${id}-area-${index}`}
                  className="col-span-3 sm:col-span-1"
                  value={area.name}
                  maxLength={TEMPLATE_NAME_MAX_LENGTH}
                  onChange={(event) => change(index, { name: event.target.value })}
                />
                <CountField
                  label={t('templates.minBefore')}
                  shortLabel={t('templates.minBeforeShort')}
                  value={area.minBefore}
                  max={AREA_MIN_PHOTOS_MAX}
                  className="w-full"
                  onChange={(minBefore) => change(index, { minBefore })}
                />
                <CountField
                  label={t('templates.minAfter')}
                  shortLabel={t('templates.minAfterShort')}
                  value={area.minAfter}
                  max={AREA_MIN_PHOTOS_MAX}
                  className="w-full"
                  onChange={(minAfter) => change(index, { minAfter })}
                />
                <label className="block text-sm font-medium">
                  {t('templates.repeat')}
                  <select
                    value={area.repeat ?? ''}
                    onChange={(event) => change(index, { repeat: event.target.value === '' ? null : (event.target.value as AreaRepeat) })}
                    className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-base"
                  >
                    <option value="">{t('templates.repeatNone')}</option>
                    <option value="bedrooms">{t('templates.repeatBedrooms')}</option>
                    <option value="bathrooms">{t('templates.repeatBathrooms')}</option>
                  </select>
                </label>
              </div>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="secondary"
          className="mt-3"
          disabled={areas.length >= TEMPLATE_MAX_AREAS}
          onClick={() => setAreas((current) => [...current, { name: '', minBefore: 1, minAfter: 1, repeat: null }])}
        >
          <Plus className="size-4" aria-hidden="true" /> {t('templates.addArea')}
        </Button>
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('templates.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
