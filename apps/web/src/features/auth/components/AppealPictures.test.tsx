import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppealPictures } from './AppealPage';

const image = (n: number) => ({ url: `/uploads/g/x/appeal/${n}/original.png`, thumb_url: `/uploads/g/x/appeal/${n}/thumb.webp`, full_url: `/uploads/g/x/appeal/${n}/original.png`, width: 800, height: 600 });

/** An appeal's attached pictures on its detail (docs/product/engagement.md#appeal-tracking). */
describe('AppealPictures', () => {
  it('shows each picture as a thumbnail that opens its full size in a new tab', () => {
    render(<AppealPictures images={[image(1), image(2)]} />);
    const links = screen.getAllByTestId('appeal-picture');
    expect(links).toHaveLength(2);
    expect(links[1]).toHaveAttribute('href', '/uploads/g/x/appeal/2/original.png');
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(links[1]).toHaveAccessibleName('Open picture 2 full size');
    expect(screen.getByAltText('Picture 1')).toHaveAttribute('src', '/uploads/g/x/appeal/1/thumb.webp');
    expect(screen.getByRole('heading', { name: 'Attached pictures' })).toBeInTheDocument();
  });

  it('shows nothing for an appeal without pictures', () => {
    const { container } = render(<AppealPictures images={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
