import { toast } from '../../components/ui/toast';

/**
 * Spec admin §8: every failure is a red 'Error' toast with the message; an export's is titled
 * 'Export failed'.
 */
export function showAdminError(problem: unknown, title = 'Error'): void {
  const description = typeof problem === 'string' ? problem : (problem as Error).message;
  toast({ title, description, variant: 'destructive' });
}
