import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { downloadUsersCsv, showLocked } from './admin-api';

/** spec §6: the CSV export of users (Email, Business Name, Signup Date, Trial Ends, Status). */
export function ExportCsvButton() {
  const [isExporting, setIsExporting] = useState(false);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const filename = await downloadUsersCsv();
      toast({ title: 'Export Complete', description: `Saved ${filename}` });
    } catch (error) {
      if (isUnauthorized(error)) {
        toast({ title: 'Admin Session Ended', description: 'Please enter the admin password again.', variant: 'destructive' });
        showLocked();
      } else {
        toast({ title: 'Export Failed', description: 'Could not download the users CSV. Please try again.', variant: 'destructive' });
      }
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void exportCsv()} disabled={isExporting}>
      <Download className="size-4" aria-hidden="true" />
      {isExporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
