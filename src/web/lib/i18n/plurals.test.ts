// English counts read as English: one pair is "1 photo pair", and the spec's wording stays word
// for word for every other count (spec §8 'Created N photo pairs automatically').
import { describe, expect, it } from 'vitest';
import { t } from './i18n';

describe('English plurals', () => {
  it("the auto-pair toast says '1 photo pair' for one and the spec's words for any other count", () => {
    expect(t('pairs.autoDoneText', { count: 1 })).toBe('Created 1 photo pair automatically');
    expect(t('pairs.autoDoneText', { count: 3 })).toBe('Created 3 photo pairs automatically');
    expect(t('pairs.autoDoneText', { count: 0 })).toBe('Created 0 photo pairs automatically');
  });

  it('the trial chip counts days in the singular on the last day', () => {
    expect(t('trialChip.daysLeft', { days: 1 })).toBe('1 day left');
    expect(t('trialChip.daysLeft', { days: 14 })).toBe('14 days left');
  });
});
