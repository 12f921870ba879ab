import { REVIEW_COMMENT_MAX } from '@shop/contract/constants';
import { type FormEvent, useRef, useState } from 'react';
import { showAlert } from '../../ui/alerts';
import { FormField } from '../../ui/form-field';
import { Modal, ModalActions } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import type { DialogProps } from '../../ui/use-dialog';
import { usePostReviewMutation } from './reviews.api';
import { StarRatingInput } from './star-rating-input';

interface AddReviewModalProps extends DialogProps {
  productId: string;
  userId: string;
}

export function AddReviewModal({ open, onClose, productId, userId }: AddReviewModalProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [postReview, { isLoading }] = usePostReviewMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The alert renders inside the open dialog, or the dialog's top layer would hide it.
    const target = formRef.current?.closest('dialog');
    if (!rating || !comment.trim()) {
      await showAlert({
        title: 'Oops...',
        text: 'Please fill in all fields before submitting!',
        icon: 'error',
        target,
      });
      return;
    }
    try {
      await postReview({ comment: comment.trim(), rating, userId, productId }).unwrap();
      setRating(0);
      setComment('');
      onClose();
      notify('Thank you! Your review has been posted.', 'success');
    } catch {
      await showAlert({
        title: 'Error',
        text: 'There was an error posting your review. Please try again later.',
        icon: 'error',
        target,
      });
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Add a Review">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        <StarRatingInput value={rating} onChange={setRating} />
        <FormField id="review-comment" label="Your review">
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={REVIEW_COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What did you think of the fit, the fabric, the finish?"
              className="field resize-y"
            />
          )}
        </FormField>
        <ModalActions onCancel={onClose} submitLabel="Submit" busy={isLoading} />
      </form>
    </Modal>
  );
}
