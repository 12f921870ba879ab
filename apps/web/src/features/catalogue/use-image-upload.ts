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

/** The server checks the content too; this only spares a useless 5 MB round trip. */
const acceptable = (file: File) => ACCEPTED.includes(file.type) && file.size <= UPLOAD_MAX_BYTES;

/** Uploads the one chosen image and hands its URL on; with several files chosen, uploads nothing. */
export function useImageUpload(onUploaded: (url: string) => void) {
  const handOn = useCallback((urls: string[]) => urls[0] !== undefined && onUploaded(urls[0]), [onUploaded]);
  return useUploads(handOn, 1, true);
}

/**
 * Uploads several images, one after another in the order chosen, and hands on the URLs of those that went
 * up; no more than `room` are taken, so a colour's gallery never holds more than it may.
 */
export function useImagesUpload(onUploaded: (urls: string[]) => void, room: number) {
  return useUploads(onUploaded, room, false);
}

function useUploads(onUploaded: (urls: string[]) => void, room: number, oneOnly: boolean) {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [upload] = useUploadImageMutation();

  /** Resolves true when every image taken was uploaded. */
  const uploadFiles = useCallback(
    async (files: FileList | File[] | null): Promise<boolean> => {
      const chosen = files ? Array.from(files) : [];
      if (oneOnly && chosen.length > 1) {
        setStatus('several');
        return false;
      }
      const list = chosen.slice(0, Math.max(0, room));
      if (list.length === 0) return false;
      if (!list.every(acceptable)) {
        setStatus('failed');
        await uploadFailed('Choose a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB.');
        return false;
      }
      setStatus('uploading');
      const urls: string[] = [];
      try {
        for (const file of list) urls.push(await upload(await readDataUrl(file)).unwrap());
        setStatus('uploaded');
        return true;
      } catch {
        setStatus('failed');
        await uploadFailed();
        return false;
      } finally {
        if (urls.length > 0) onUploaded(urls);
      }
    },
    [upload, onUploaded, room, oneOnly],
  );

  return { status, uploadFiles };
}
