import { type DragEvent, useState } from 'react';
import { FormField } from '../../ui/form-field';
import { ImageIcon } from '../../ui/icons';
import { ProductImage } from '../../ui/product-image';
import { ACCEPTED_IMAGES, type UploadStatus, useImageUpload } from './use-image-upload';

interface ImageUploadFieldProps {
  id: string;
  /** The uploaded image's URL, or empty. */
  value: string;
  onChange: (url: string) => void;
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  idle: '',
  uploading: 'Uploading image...',
  uploaded: 'Image uploaded successfully.',
  failed: '',
  several: 'Choose one image at a time: nothing was uploaded.',
};

/** The product image: choose or drop one file, see it uploading, then its preview. */
export function ImageUploadField({ id, value, onChange }: ImageUploadFieldProps) {
  const { status, uploadFiles } = useImageUpload(onChange);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void uploadFiles(event.dataTransfer.files);
  }

  return (
    <FormField id={id} label="Image">
      {(control) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file input is the keyboard way
        <div
          data-testid="image-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col gap-4 rounded-xl border border-dashed p-4 sm:flex-row sm:items-center ${
            dragging ? 'border-clay bg-clay-soft' : 'border-taupe bg-white'
          }`}
        >
          {value ? (
            <ProductImage
              src={value}
              alt="Preview of the uploaded image"
              width={96}
              height={120}
              sizes="96px"
              className="h-30 w-24 shrink-0 rounded-lg"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid h-30 w-24 shrink-0 place-items-center rounded-lg bg-linen text-muted"
            >
              <ImageIcon />
            </span>
          )}
          <div className="min-w-0 flex-1 space-y-2">
            <input
              {...control}
              type="file"
              accept={ACCEPTED_IMAGES}
              disabled={status === 'uploading'}
              aria-describedby={`${id}-hint ${id}-status`}
              onChange={async (event) => {
                const input = event.currentTarget;
                // After a failure the input forgets the file, so choosing the same one again retries.
                if (!(await uploadFiles(input.files))) input.value = '';
              }}
              className="block w-full text-sm text-muted file:mr-4 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-xs file:font-medium file:text-ivory hover:file:bg-clay-dark"
            />
            <p id={`${id}-hint`} className="text-xs text-muted">
              One JPEG, PNG, WebP, GIF or AVIF image, up to 5 MB. You can also drop it here.
            </p>
            <p
              id={`${id}-status`}
              role="status"
              className={`min-h-5 text-sm ${status === 'uploaded' ? 'text-go' : status === 'several' ? 'text-stop-dark' : 'text-ink'}`}
            >
              {STATUS_TEXT[status]}
            </p>
          </div>
        </div>
      )}
    </FormField>
  );
}
