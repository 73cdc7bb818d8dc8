import { toast } from '../../components/ui/toast';

/** Spec admin §8: every failure is a red 'Error' toast with the message. */
export function showAdminError(problem: unknown): void {
  const description = typeof problem === 'string' ? problem : (problem as Error).message;
  toast({ title: 'Error', description, variant: 'destructive' });
}
