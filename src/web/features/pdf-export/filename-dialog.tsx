// The export's filename question (spec §5: the filename is prompted; §9: its default), asked in
// the app's own dialog rather than window.prompt, which phones show badly or not at all.
import { t } from '../../lib/i18n/i18n';
import { useId, useState, type FormEvent } from 'react';
import { FileDown } from 'lucide-react';
import { sanitizeFilename } from '@shared/report-filename';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { isPhone } from '../../lib/device-mode';

export function FilenameDialog({ defaultName, onSave, onCancel }: { defaultName: string | null; onSave: (answer: string) => void; onCancel: () => void }) {
  return (
    <Dialog open={defaultName !== null} onOpenChange={(open) => !open && onCancel()} title={t('pdf.saveAs')} description={t('pdf.saveAsText')}>
      {defaultName !== null && <FilenameForm defaultName={defaultName} onSave={onSave} onCancel={onCancel} />}
    </Dialog>
  );
}

function FilenameForm({ defaultName, onSave, onCancel }: { defaultName: string; onSave: (answer: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(defaultName);
  const inputId = useId();
  // On a phone the name offered is nearly always kept: focus goes to Export PDF, so the keyboard
  // does not open over the dialog until the field is tapped. Elsewhere the name is ready to type over.
  const [typeFirst] = useState(() => !isPhone());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value);
  };
  const preview = `${sanitizeFilename(value.replace(/\.pdf\s*$/i, '')) || defaultName}.pdf`;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div>
        <Label htmlFor={inputId}>{t('pdf.fileName')}</Label>
        <Input
          id={inputId}
          value={value}
          autoFocus={typeFirst}
          onFocus={(event) => event.target.select()}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={`${inputId}-preview`}
        />
        <p id={`${inputId}-preview`} className="mt-1 truncate text-xs text-slate-500">
          {t('pdf.savedAs', { name: preview })}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" autoFocus={!typeFirst}>
          <FileDown className="size-4" aria-hidden="true" /> {t('pdf.exportPdf')}
        </Button>
      </div>
    </form>
  );
}
