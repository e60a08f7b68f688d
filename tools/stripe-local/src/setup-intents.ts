import { newId } from './ids';
import { route, type Route } from './router';
import { getObject, type Account } from './state';

// A setup intent records that checkout saved a card; the product reads the card from it.

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  payment_method: string;
  status: 'succeeded';
}

export function createSucceededSetupIntent(account: Account, customer: string | null, paymentMethod: string) {
  const setupIntent: SetupIntent = {
    id: newId('seti'),
    object: 'setup_intent',
    customer,
    payment_method: paymentMethod,
    status: 'succeeded',
  };
  account.state.setupIntents[setupIntent.id] = setupIntent;
  return setupIntent;
}

export function setupIntentRoutes(account: Account): Route[] {
  return [route('GET', '/v1/setup_intents/:id', (_, [id]) => getObject(account.state.setupIntents, 'setupintent', id))];
}
