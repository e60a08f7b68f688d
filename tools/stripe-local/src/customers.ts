import { newId } from './ids';
import { metadataOf, optionalString, type Metadata } from './params';
import { route, type Route } from './router';
import { getObject, type Account } from './state';

// Customers: the product creates one per subscription, then refers to it by id.

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
}

/** The customer a `customer` param names, or Stripe's 404 naming that param. */
export function requireCustomer(account: Account, id: string): Customer {
  return getObject(account.state.customers, 'customer', id, 'customer');
}

export function customerRoutes(account: Account): Route[] {
  return [
    route('POST', '/v1/customers', (params) => {
      const customer: Customer = {
        id: newId('cus', 14),
        object: 'customer',
        email: optionalString(params, 'email') || null,
        name: optionalString(params, 'name') || null,
        metadata: metadataOf(params),
      };
      account.state.customers[customer.id] = customer;
      return customer;
    }),
  ];
}
