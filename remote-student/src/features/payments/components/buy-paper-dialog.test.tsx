import { screen, waitFor } from '@testing-library/react';
import { useSessionStore } from 'shared-api';
import { answer, initI18n, mockApi, ok, renderPage, resetSession, student } from '../../../test/page-harness';
import { formatVnd } from '../money';
import { BuyPaperDialog } from './buy-paper-dialog';

jest.setTimeout(30_000);

beforeAll(initI18n);
beforeEach(resetSession);

describe('the buy dialog', () => {
  it('shows the A4 price in force when it opens, not the one read at sign-in', async () => {
    // an officer raised the price from 500 to 750 after this student signed in
    mockApi({ 'GET /v1/user/information': (config) => answer(config, 200, ok({ ...student, currentA4Price: 750 })) });
    expect(useSessionStore.getState().user?.currentA4Price).toBe(500);
    renderPage('/', '/', <BuyPaperDialog open onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('buy-total').textContent).toBe(formatVnd(750)));
    expect(useSessionStore.getState().user?.currentA4Price).toBe(750);
    expect(useSessionStore.getState().status).toBe('ready');
  });

  it('keeps the price it has when the information cannot be read', async () => {
    mockApi({});
    renderPage('/', '/', <BuyPaperDialog open onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('buy-total').textContent).toBe(formatVnd(500)));
    expect(useSessionStore.getState().status).toBe('ready');
  });
});
