import { OrderPage } from '../../features/orders/order-page';
import { OrderReturnsSection } from '../../features/returns/order-returns-section';

/** /orders/{orderId}: the customer's order (orders) with its returns and a way to ask one (returns), composed here. */
export function OrderRoute() {
  return <OrderPage below={(order) => <OrderReturnsSection orderId={order._id} />} />;
}
