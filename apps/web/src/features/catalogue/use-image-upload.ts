import { UPLOAD_MAX_BYTES } from '@shop/contract/constants';
import { useCallback, useState } from 'react';
import { showAlert } from '../../ui/alerts';
import { useUploadImageMutation } from './manage-products.api';
import { readDataUrl } from './read-data-url';

/** Idle, then uploading, then uploaded (with a preview) or failed; `several` when more than one file was chosen. */
export type UploadStatus = 'idle' | 'uploading' | 'uploaded' | 'failed' | 'several';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
export const ACCEPTED_IMAGES = ACCEPTED.join(',');

async function uploadFailed(text = 'There was an error uploading the image. Please try again.') {
  await showAlert({ title: 'Upload Failed', text, icon: 'error' });
}

/** Uploads the one chosen image and hands its URL on; with several files chosen, uploads nothing. */
export function useImageUpload(onUploaded: (url: string) => void) {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [upload] = useUploadImageMutation();

  /** Resolves true when the image was uploaded. */
  const uploadFiles = useCallback(
    async (files: FileList | File[] | null): Promise<boolean> => {
      const list = files ? Array.from(files) : [];
      if (list.length === 0) return false;
      if (list.length > 1) {
        setStatus('several');
        return false;
      }
      const [file] = list as [File];
      // The server checks the content too; this only spares a useless 5 MB round trip.
      if (!ACCEPTED.includes(file.type) || file.size > UPLOAD_MAX_BYTES) {
        setStatus('failed');
        await uploadFailed('Choose a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB.');
        return false;
      }
      setStatus('uploading');
      try {
        const url = await upload(await readDataUrl(file)).unwrap();
        onUploaded(url);
        setStatus('uploaded');
        return true;
      } catch {
        setStatus('failed');
        await uploadFailed();
        return false;
      }
    },
    [upload, onUploaded],
  );

  return { status, uploadFiles };
}
