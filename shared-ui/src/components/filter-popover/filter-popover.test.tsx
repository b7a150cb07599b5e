import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { FilterPopover } from './filter-popover';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: { vi: { [UI_NAMESPACE]: uiLocales.vi }, en: { [UI_NAMESPACE]: (await uiLocales.en()).default } },
  });
});

function draw(onChange: (next: { n: number }) => void) {
  render(
    <FilterPopover value={{ n: 1 }} empty={{ n: 0 }} onChange={onChange} active>
      {(draft, setDraft) => (
        <button type="button" onClick={() => setDraft({ n: draft.n + 1 })}>
          {`n = ${draft.n}`}
        </button>
      )}
    </FilterPopover>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
}

describe('FilterPopover', () => {
  it("edits a draft that only 'Áp dụng' hands over", async () => {
    const onChange = jest.fn();
    draw(onChange);
    fireEvent.click(await screen.findByRole('button', { name: 'n = 1' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'n = 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(onChange).toHaveBeenCalledWith({ n: 3 });
  });

  it("'Hủy' clears every filter", async () => {
    const onChange = jest.fn();
    draw(onChange);
    await screen.findByRole('button', { name: 'n = 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(onChange).toHaveBeenCalledWith({ n: 0 });
  });
});
