import {
  CHECKOUT_FAILED_MESSAGE,
  COUPON_EXPIRED_CODE,
  COUPON_EXPIRED_MESSAGE,
  subscriptionChangeFailedText,
} from '@vocalis/domain/billing/billing-messages';
import { AppError, notFound } from '../../errors';

export const checkoutFailed = (message = CHECKOUT_FAILED_MESSAGE, code = 'checkout_failed') =>
  new AppError(400, code, message);
export const couponExpired = () => new AppError(400, COUPON_EXPIRED_CODE, COUPON_EXPIRED_MESSAGE);
export const changeFailed = (action: string, status = 400) =>
  new AppError(status, 'subscription_change_failed', subscriptionChangeFailedText(action));
export const noWorkspace = () => notFound('The user has no workspace.', 'workspace_not_found');
