// The business's time zone: capture times in PDFs are printed in it. Set from the
// browser at registration; changed here with PATCH /api/user/preferences { timeZone }.
import { useMemo, useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import { deviceTimeZone } from '@shared/preferences';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/input';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { notifyFailure } from '../../lib/api-errors';
import { queryClient } from '../../lib/query-client';
import { USER_QUERY_KEY } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

/** Every IANA zone this browser knows (UTC first), or the current one where it cannot list them. */
function knownTimeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // an older browser: only the current zone and UTC
  }
  return [...new Set(['UTC', current, ...zones])];
}

export function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const t = useT();
  const [value, setValue] = useState(timeZone);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => knownTimeZones(timeZone), [timeZone]);
  const [device] = useState(deviceTimeZone);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const user = await api.updatePreferences({ body: { timeZone: value } });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('timeZone.saved'), description: t('timeZone.savedText', { timeZone: user.timeZone }) });
    } catch (error) {
      notifyFailure(error, t('timeZone.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-2">
      <Label htmlFor="time-zone">{t('timeZone.label')}</Label>
      <select
        id="time-zone"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby="time-zone-hint"
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <p id="time-zone-hint" className="text-xs text-slate-500">
        {t('timeZone.hint')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving || value === timeZone}>
          {saving ? t('common.saving') : t('timeZone.save')}
        </Button>
        {device && device !== value && (
          <Button type="button" variant="secondary" onClick={() => setValue(device)}>
            <Globe className="size-4" aria-hidden="true" /> {t('timeZone.useDevice', { timeZone: device.replaceAll('_', ' ') })}
          </Button>
        )}
      </div>
    </form>
  );
}
