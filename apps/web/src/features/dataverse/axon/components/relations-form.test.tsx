import type { TDatasetEntry } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls, stubFetch, type StubReply } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render';
import { buildField, nextId, signIn } from '../../testing/dataverse-fixtures';
import '../i18n/register';
import { RelationsForm } from './relations-form';

const TRANSACTIONS = nextId();
const ACCOUNTS = nextId();
const BRANCHES = nextId();

function member(datasetId: string, datasetName: string, columns: string[]) {
  return {
    datasetId,
    datasetName,
    fields: columns.map((dsfName) => buildField({ dsfName })),
    includeColumns: [],
    notIncludeColumns: [],
  };
}

const FAMILY: NonNullable<TDatasetEntry['datasetFamily']> = {
  familyId: nextId(),
  familyName: 'Bank',
  familyDescription: 'Accounts and their transactions.',
  datasets: [
    member(TRANSACTIONS, 'Transactions', ['account_id', 'branch_code']),
    member(ACCOUNTS, 'Accounts', ['id']),
    member(BRANCHES, 'Branches', ['code']),
  ],
};

function renderForm(reply: StubReply) {
  signIn();
  const spy = stubFetch({ 'POST /api/loader/relations': reply });
  const view = renderRoute({
    path: '/axon/my-data',
    element: <RelationsForm datasetId={TRANSACTIONS} family={FAMILY} />,
  });
  const posts = () => recordedCalls(spy).filter((call) => call.method === 'POST');
  return { ...view, posts };
}

async function choose(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText('Column'), 'account_id');
  await user.selectOptions(screen.getByLabelText('Refers to dataset'), 'Accounts');
  await user.selectOptions(screen.getByLabelText('Its column'), 'id');
}

describe('RelationsForm', { timeout: 30_000 }, () => {
  it('asks for the three choices before saving anything', async () => {
    const { user, posts } = renderForm({ status: 204 });
    await user.click(screen.getByRole('button', { name: 'Save relation' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(posts()).toEqual([]);
  });

  it('offers the columns of the dataset referred to, chosen again when it changes', async () => {
    const { user } = renderForm({ status: 204 });
    await choose(user);
    await user.selectOptions(screen.getByLabelText('Refers to dataset'), 'Branches');
    expect(screen.getByLabelText('Its column')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'code' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'id' })).toBeNull();
  });

  it('saves one relation when submitted twice before the answer', async () => {
    const { user, posts } = renderForm({ status: 204 });
    await choose(user);
    const form = screen.getByRole('form', { name: 'Relations' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText('The relation is saved.')).toBeVisible();
    await waitFor(() => {
      expect(posts().map((call) => call.json)).toEqual([
        {
          relations: [
            {
              datasetId: TRANSACTIONS,
              column: 'account_id',
              referencedDatasetId: ACCOUNTS,
              referencedColumn: 'id',
            },
          ],
        },
      ]);
    });
  });

  it('says why the loader refused, in its own words, never the server’s sentence', async () => {
    const { user } = renderForm({
      status: 404,
      body: errorBody('NOT_FOUND', 'No such dataset in this family.'),
    });
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Save relation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This dataset or version does not exist, or it is not your team's.",
    );
    expect(screen.queryByText('No such dataset in this family.')).toBeNull();
  });
});
