// How clients answer on the report link: the re-clean window (how many hours after the client
// first opens the report they can still flag a problem; 0 turns it off) and the business's review
// link, shown to every client whatever their rating. GET and PATCH /api/user/client-answers.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RE_CLEAN_WINDOW_MAX_HOURS, UpdateClientAnswerSettingsBodySchema, type ClientAnswerSettings } from '@shared/contract/client-answers';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api';
import { notifyFailure } from '../../lib/api-errors';
import { describedBy, fieldErrorsOf, type FieldErrors } from '../../lib/form-errors';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toast';

const SETTINGS_QUERY_KEY = ['client-answer-settings'] as const;

interface Fields extends Record<string, unknown> {
  reCleanWindowHours: number;
  reviewUrl: string;
}

export function ClientAnswersForm() {
  const t = useT();
  const settings = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: ({ signal }) => api.getClientAnswerSettings(undefined, { signal }) });
  if (!settings.data) return settings.isError ? <p className="text-sm text-slate-700">{t('clientAnswers.loadFailed')}</p> : <Spinner />;
  return <SettingsForm saved={settings.data} />;
}

/** The fields start from what is saved; after a save they keep what was typed, which is what was saved. */
function SettingsForm({ saved }: { saved: ClientAnswerSettings }) {
  const t = useT();
  const [hours, setHours] = useState(String(saved.reCleanWindowHours));
  const [reviewUrl, setReviewUrl] = useState(saved.reviewUrl ?? '');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [saving, setSaving] = useState(false);
  const hoursId = useId();
  const reviewId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // An empty or non-numeric field is not a number of hours: the schema says so in its words.
    const values: Fields = { reCleanWindowHours: hours.trim() === '' ? Number.NaN : Number(hours), reviewUrl };
    const problems = fieldErrorsOf(UpdateClientAnswerSettingsBodySchema, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const stored = await api.updateClientAnswerSettings({ body: { reCleanWindowHours: values.reCleanWindowHours, reviewUrl: reviewUrl.trim() || null } });
      queryClient.setQueryData(SETTINGS_QUERY_KEY, stored);
      toast({ title: t('clientAnswers.saved') });
    } catch (error) {
      notifyFailure(error, t('clientAnswers.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-4">
      <div>
        <Label htmlFor={hoursId}>{t('clientAnswers.window')}</Label>
        <Input
          {...describedBy(hoursId, errors.reCleanWindowHours, `${hoursId}-hint`)}
          type="number"
          inputMode="numeric"
          min={0}
          max={RE_CLEAN_WINDOW_MAX_HOURS}
          step={1}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          className="w-32"
        />
        <FieldError inputId={hoursId} message={errors.reCleanWindowHours} />
        <p id={`${hoursId}-hint`} className="mt-1 text-xs text-slate-500">
          {t('clientAnswers.windowHint', { max: RE_CLEAN_WINDOW_MAX_HOURS })}
        </p>
      </div>
      <div>
        <Label htmlFor={reviewId}>{t('clientAnswers.review')}</Label>
        <Input
          {...describedBy(reviewId, errors.reviewUrl, `${reviewId}-hint`)}
          type="url"
          inputMode="url"
          placeholder="https://g.page/r/…"
          value={reviewUrl}
          onChange={(event) => setReviewUrl(event.target.value)}
        />
        <FieldError inputId={reviewId} message={errors.reviewUrl} />
        <p id={`${reviewId}-hint`} className="mt-1 text-xs text-slate-500">
          {t('clientAnswers.reviewHint')}
        </p>
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? t('common.saving') : t('clientAnswers.save')}
      </Button>
    </form>
  );
}
