import { afterEach, describe, expect, it } from 'vitest';
import { INLINE_HOME_ID, takeInlineHome } from './home';

afterEach(() => document.getElementById(INLINE_HOME_ID)?.remove());

function inline(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_HOME_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('takeInlineHome', () => {
  it("takes the home's data the page came with, once", () => {
    inline('{"banners":[],"pack_ids":[1,2]}');
    expect(takeInlineHome()).toEqual({ banners: [], pack_ids: [1, 2] });
    expect(document.getElementById(INLINE_HOME_ID)).toBeNull();
    expect(takeInlineHome()).toBeNull();
  });

  it('answers nothing for a page without it, or with data it cannot read', () => {
    expect(takeInlineHome()).toBeNull();
    inline('{not json');
    expect(takeInlineHome()).toBeNull();
  });
});
