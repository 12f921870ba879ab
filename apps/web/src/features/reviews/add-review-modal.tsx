import { REVIEW_COMMENT_MAX } from '@shop/contract/constants';
import { FIT_ANSWER_LABELS, FIT_ANSWERS } from '@shop/contract/fit';
import { postReviewRequestSchema } from '@shop/contract/reviews';
import { useRef } from 'react';
import { showAlert } from '../../ui/alerts';
import { FormField } from '../../ui/form-field';
import { Modal, ModalActions } from '../../ui/modal';
import { SchemaRadioCards, SchemaSelect } from '../../ui/schema-choice';
import { useSchemaForm } from '../../ui/schema-form';
import { useToast } from '../../ui/toast';
import type { DialogProps } from '../../ui/use-dialog';
import { usePostReviewMutation } from './reviews.api';
import { StarRatingInput } from './star-rating-input';

interface AddReviewModalProps extends DialogProps {
  productId: string;
  userId: string;
  /** The sizes the product is sold in, to say which was bought; none for a one-size piece. */
  sizes: readonly string[];
}

export function AddReviewModal({ open, onClose, productId, userId, sizes }: AddReviewModalProps) {
  const form = useSchemaForm(postReviewRequestSchema, {
    rating: 0,
    comment: '',
    productId,
    userId,
    size: '',
    fit: null,
  });
  const [postReview, { isLoading }] = usePostReviewMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  // The alert renders inside the open dialog, or the dialog's top layer would hide it.
  const alertInDialog = (alert: Omit<Parameters<typeof showAlert>[0], 'target'>) =>
    showAlert({ ...alert, target: formRef.current?.closest('dialog') });

  // A review missing its stars or its words is one alert, as the server's own check would refuse it.
  const onSubmit = form.handleSubmit(
    async (review) => {
      try {
        await postReview(review).unwrap();
        form.reset();
        onClose();
        notify('Thank you! Your review has been posted.', 'success');
      } catch {
        await alertInDialog({
          title: 'Error',
          text: 'There was an error posting your review. Please try again later.',
          icon: 'error',
        });
      }
    },
    () => alertInDialog({ title: 'Oops...', text: 'Please fill in all fields before submitting!', icon: 'error' }),
  );
  const rating = Number(form.watch('rating'));

  return (
    <Modal open={open} onClose={onClose} title="Add a Review">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        <StarRatingInput value={rating} onChange={(star) => form.setValue('rating', star)} />
        <FormField id="review-comment" label="Your review">
          {(control) => (
            <textarea
              {...control}
              {...form.register('comment')}
              rows={5}
              maxLength={REVIEW_COMMENT_MAX}
              placeholder="What did you think of the fit, the fabric, the finish?"
              className="field resize-y"
            />
          )}
        </FormField>
        {sizes.length > 0 && (
          <SchemaSelect
            form={form}
            name="size"
            id="review-size"
            label="Size bought (optional)"
            placeholder="Not saying"
            options={sizes.map((size) => [size, size] as const)}
          />
        )}
        <SchemaRadioCards
          form={form}
          name="fit"
          legend="How does it fit? (optional)"
          options={FIT_ANSWERS}
          labels={FIT_ANSWER_LABELS}
        />
        <ModalActions onCancel={onClose} submitLabel="Submit" busy={isLoading} />
      </form>
    </Modal>
  );
}
