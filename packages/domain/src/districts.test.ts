import { describe, expect, it } from 'vitest';
import { districtPathLabel, findDistrictPath, isValidDistrictPath, type DistrictTree } from './districts.ts';

const tree: DistrictTree = {
  provinces: [
    {
      id: '11',
      name: '北京市',
      cities: [{ id: '1101', name: '北京市', areas: [{ id: '110101', name: '东城区' }, { id: '110108', name: '海淀区' }] }],
    },
    {
      id: '44',
      name: '广东省',
      cities: [
        { id: '4403', name: '深圳市', areas: [{ id: '440305', name: '南山区' }] },
        { id: '4401', name: '广州市', areas: [{ id: '440106', name: '天河区' }] },
      ],
    },
  ],
};

describe('districts', () => {
  it('accepts a path that exists', () => {
    expect(isValidDistrictPath(tree, '11', '1101', '110108')).toBe(true);
    expect(isValidDistrictPath(tree, '44', '4403', '440305')).toBe(true);
  });

  it('refuses an area of another city or a city of another province', () => {
    expect(isValidDistrictPath(tree, '44', '4403', '440106')).toBe(false);
    expect(isValidDistrictPath(tree, '11', '4403', '440305')).toBe(false);
  });

  it('refuses unknown or empty ids', () => {
    expect(isValidDistrictPath(tree, '99', '9901', '990101')).toBe(false);
    expect(isValidDistrictPath(tree, '11', '1101', '110199')).toBe(false);
    expect(isValidDistrictPath(tree, '', '', '')).toBe(false);
    expect(isValidDistrictPath({ provinces: [] }, '11', '1101', '110101')).toBe(false);
  });

  it('finds the named path and labels it without repeating a municipality', () => {
    const path = findDistrictPath(tree, '44', '4403', '440305');
    expect(path?.area.name).toBe('南山区');
    expect(path && districtPathLabel(path)).toBe('广东省 深圳市 南山区');
    const beijing = findDistrictPath(tree, '11', '1101', '110101');
    expect(beijing && districtPathLabel(beijing)).toBe('北京市 东城区');
  });
});
