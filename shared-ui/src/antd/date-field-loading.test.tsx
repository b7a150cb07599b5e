import { render, screen } from '@testing-library/react';
import { DatePicker } from 'antd';

describe('the lazy date picker', () => {
  it('holds its place with a field-shaped skeleton while antd loads it, then is the picker', async () => {
    const { container } = render(<DatePicker aria-label="Ngày cấp trang" />);
    // before the picker's chunk arrives: a skeleton where the field will be, not an empty gap
    expect(container.querySelector('.ant-skeleton-input')).not.toBeNull();
    expect(await screen.findByLabelText('Ngày cấp trang')).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton-input')).toBeNull();
  });
});
