import { PICTURES_PER_COLOUR_MAX } from '@shop/contract/colours';
import { useCallback, useState } from 'react';
import { type FieldError, get, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../../ui/button';
import { ProductImage } from '../../ui/product-image';
import { SchemaField } from '../../ui/schema-form';
import type { ColoursFormValues } from './product-colours-values';
import { ACCEPTED_IMAGES, type UploadStatus, useImagesUpload } from './use-image-upload';

interface ColourPicturesFieldProps {
  form: UseFormReturn<ColoursFormValues>;
  /** Which colour of the form's list. */
  at: number;
  /** The colour's name, for the labels of its pictures' controls. */
  colourName: string;
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  idle: '',
  uploading: 'Uploading pictures...',
  uploaded: 'Pictures uploaded.',
  failed: '',
  several: '',
};

/**
 * A colour's gallery: upload several pictures at once, give each its alt text, order them by dragging or
 * with the move buttons (the keyboard's way), remove them. The first is the one the shop shows first.
 */
export function ColourPicturesField({ form, at, colourName }: ColourPicturesFieldProps) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: `colours.${at}.pictures` });
  const [dragged, setDragged] = useState<number | null>(null);
  const room = PICTURES_PER_COLOUR_MAX - fields.length;
  const onUploaded = useCallback(
    (urls: string[]) => {
      append(urls.map((url) => ({ url, alt: colourName })));
      // A gallery that was refused for being empty is not any more.
      form.clearErrors(`colours.${at}.pictures`);
    },
    [append, colourName, form, at],
  );
  const { status, uploadFiles } = useImagesUpload(onUploaded, room);
  const id = `colour-${at}-pictures`;
  const error = (get(form.formState.errors, `colours.${at}.pictures`) as FieldError | undefined)?.message;

  return (
    <fieldset className="min-w-0">
      <legend className="field-label">Pictures of {colourName}</legend>
      <ol className="grid gap-3 sm:grid-cols-2" aria-label={`Pictures of ${colourName}, in order`}>
        {fields.map((picture, index) => (
          <PictureCard
            key={picture.id}
            form={form}
            at={at}
            index={index}
            count={fields.length}
            url={picture.url}
            colourName={colourName}
            dragged={dragged === index}
            onDragStart={() => setDragged(index)}
            onDrop={() => {
              if (dragged !== null && dragged !== index) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <div className="mt-3 space-y-1">
        <label htmlFor={`${id}-upload`} className="text-sm text-ink">
          Add pictures of {colourName}
        </label>
        <input
          id={`${id}-upload`}
          type="file"
          multiple
          accept={ACCEPTED_IMAGES}
          disabled={status === 'uploading' || room <= 0}
          aria-describedby={`${id}-hint ${id}-status`}
          onChange={async (event) => {
            const input = event.currentTarget;
            await uploadFiles(input.files);
            input.value = '';
          }}
          className="block w-full text-sm text-muted file:mr-4 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:text-xs file:font-medium file:text-ivory hover:file:bg-clay-dark"
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          Up to {PICTURES_PER_COLOUR_MAX} pictures; choose several at once. Drag a picture, or use its buttons, to
          change the order.
        </p>
        <p id={`${id}-status`} role="status" className="min-h-5 text-sm text-ink">
          {STATUS_TEXT[status]}
        </p>
        {error && (
          <p role="alert" className="text-xs text-stop-dark">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

interface PictureCardProps {
  form: UseFormReturn<ColoursFormValues>;
  at: number;
  index: number;
  count: number;
  url: string;
  colourName: string;
  dragged: boolean;
  onDragStart: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One picture of the gallery: its thumbnail, its alt text, and its moves; the card itself can be dragged. */
function PictureCard({ form, at, index, count, url, colourName, dragged, ...on }: PictureCardProps) {
  const which = `picture ${index + 1} of ${colourName}`;
  return (
    <li
      draggable
      data-testid="colour-picture"
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        on.onDragStart();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        on.onDrop();
      }}
      onDragEnd={on.onDragEnd}
      className={`flex cursor-grab gap-3 rounded-xl border p-3 ${dragged ? 'border-clay bg-clay-soft' : 'border-sand bg-white'}`}
    >
      <ProductImage src={url} alt="" width={56} height={70} sizes="56px" className="h-17.5 w-14 shrink-0 rounded-md" />
      <div className="min-w-0 flex-1 space-y-2">
        <SchemaField
          form={form}
          name={`colours.${at}.pictures.${index}.alt`}
          id={`colour-${at}-picture-${index}-alt`}
          label={`Alt text of picture ${index + 1}`}
          autoComplete="off"
        />
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => on.onMove(index - 1)}
            aria-label={`Move ${which} up`}
          >
            Up
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => on.onMove(index + 1)}
            aria-label={`Move ${which} down`}
          >
            Down
          </Button>
          <Button size="sm" variant="ghost" onClick={on.onRemove} aria-label={`Remove ${which}`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
