import { useState } from 'react';
import { ViewerDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminOpen } from '../auth/admin-session';

/** Admin spec §8: blob URLs of receipts are released after 5 seconds. */
const PROOF_URL_LIFETIME_MS = 5000;

/** Admin spec §8, receipt view: what each failure tells the operator. */
function showProofError(error: unknown) {
  const status = error instanceof AdminApiError ? error.status : 0;
  if (status === 404) {
    toast({
      title: 'Receipt not found',
      description: 'The receipt file could not be found or may have been deleted.',
      variant: 'destructive',
    });
  } else if (status === 401 || status === 403) {
    toast({
      title: 'Access denied',
      description: 'You do not have permission to view this receipt. Please sign in again.',
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Error',
      description: 'Failed to load receipt. Please try again.',
      variant: 'destructive',
    });
  }
}

export interface ProofToView {
  url: string;
  type: 'image' | 'pdf' | null;
  label: string;
}

/**
 * Fetches a payment proof with the admin key (a plain link could not send it): an image opens full size
 * in a dialog, a PDF in a new tab. The tab is opened before the fetch, while the click still counts
 * as a user gesture, so pop-up blockers let it through.
 */
export function useProofViewer() {
  const [image, setImage] = useState<{ src: string; label: string } | null>(null);
  const open = async (proof: ProofToView) => {
    const pdf = proof.type === 'pdf';
    const tab = pdf ? window.open('', '_blank') : null;
    if (pdf && !tab) {
      toast({
        title: 'Pop-up blocked',
        description: 'Please allow pop-ups for this site to view the receipt.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const blob = await (await adminOpen(proof.url)).blob();
      const src = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(src), PROOF_URL_LIFETIME_MS);
      if (tab) tab.location.href = src;
      else setImage({ src, label: proof.label });
    } catch (error) {
      tab?.close();
      showProofError(error);
    }
  };
  const viewer = <ProofImageDialog image={image} onClose={() => setImage(null)} />;
  return { open, viewer };
}

/** 'View' for a payment proof, or the text to show when there is none. */
export function ProofButton(props: {
  viewer: ReturnType<typeof useProofViewer>;
  url: string | null | undefined;
  type: ProofToView['type'];
  orderNumber: string;
  none: string;
}) {
  const { url } = props;
  if (!url) return <span className="text-stone-500">{props.none}</span>;
  return (
    <button
      type="button"
      onClick={() => props.viewer.open({ url, type: props.type, label: `Receipt for ${props.orderNumber}` })}
      className="font-semibold text-teal-800 underline"
    >
      View
    </button>
  );
}

function ProofImageDialog(props: { image: { src: string; label: string } | null; onClose(): void }) {
  return (
    <ViewerDialog open={props.image !== null} onClose={props.onClose} label={props.image?.label ?? 'Receipt'}>
      {props.image ? (
        <img src={props.image.src} alt={props.image.label} className="mx-auto block h-auto max-w-full" />
      ) : null}
    </ViewerDialog>
  );
}
