import { useState } from 'react';
import { exportCustomers } from '../../../shared/contracts/endpoints/admin';
import { toast } from '../../components/ui/toast';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';
import { saveAnswer } from '../shell/save-answer';

/** 'Export Email List': the customers' CSV, downloaded under the name the server gives it. */
export function ExportButton() {
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await saveAnswer(await adminOpen(urlOf(exportCustomers)), 'customers.csv');
      toast({ title: 'Customer email list exported successfully' });
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <button
      type="button"
      disabled={exporting}
      onClick={exportList}
      className="h-9 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
    >
      {exporting ? 'Exporting…' : 'Export Email List'}
    </button>
  );
}
