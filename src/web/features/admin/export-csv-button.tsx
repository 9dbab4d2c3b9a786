import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { isUnauthorized } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { downloadUsersCsv, endedSession } from './admin-api';

/** spec §6: the CSV export of users (Email, Business Name, Signup Date, Trial Ends, Status). */
export function ExportCsvButton() {
  const [isExporting, setIsExporting] = useState(false);
  const t = useT();

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const filename = await downloadUsersCsv();
      toast({ title: t('admin.export.complete'), description: t('admin.export.saved', { name: filename }) });
    } catch (error) {
      if (isUnauthorized(error)) {
        endedSession();
      } else {
        toast({ title: t('admin.export.failed'), description: t('admin.export.failedText'), variant: 'destructive' });
      }
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void exportCsv()} disabled={isExporting}>
      <Download className="size-4" aria-hidden="true" />
      {isExporting ? t('admin.export.exporting') : t('admin.export.button')}
    </Button>
  );
}
