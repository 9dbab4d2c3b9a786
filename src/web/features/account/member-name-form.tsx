// The member's own name: the crew sees it on the reports they make, the photos they take and the
// PDF's lines (issue 24). Changed with PATCH /api/user/preferences { name }.
import { useState, type FormEvent } from 'react';
import { MEMBER_NAME_MAX_LENGTH } from '@shared/rules';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { notifyFailure } from '../../lib/api-errors';
import { queryClient } from '../../lib/query-client';
import { USER_QUERY_KEY } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export function MemberNameForm({ name }: { name: string }) {
  const t = useT();
  const [value, setValue] = useState(name);
  const [saving, setSaving] = useState(false);
  const trimmed = value.trim();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const user = await api.updatePreferences({ body: { name: trimmed } });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('memberName.saved') });
    } catch (error) {
      notifyFailure(error, t('memberName.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-2">
      <Label htmlFor="member-name">{t('memberName.label')}</Label>
      <Input
        id="member-name"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        maxLength={MEMBER_NAME_MAX_LENGTH}
        autoComplete="name"
        aria-describedby="member-name-hint"
      />
      <p id="member-name-hint" className="text-xs text-slate-500">
        {t('memberName.hint')}
      </p>
      <Button type="submit" disabled={saving || trimmed === '' || trimmed === name}>
        {saving ? t('common.saving') : t('memberName.save')}
      </Button>
    </form>
  );
}
