/**
 * Address districts: province → city → area (docs/product/accounts.md#addresses). The tree
 * is data (apps/server/data/districts.json); rules take it as an argument so this package stays
 * free of I/O and of the data's size.
 */
export interface DistrictArea {
  readonly id: string;
  readonly name: string;
}

export interface DistrictCity {
  readonly id: string;
  readonly name: string;
  readonly areas: readonly DistrictArea[];
}

export interface DistrictProvince {
  readonly id: string;
  readonly name: string;
  readonly cities: readonly DistrictCity[];
}

export interface DistrictCountry {
  readonly code: string;
  readonly name: string;
  readonly native: string;
}

export interface DistrictTree {
  readonly provinces: readonly DistrictProvince[];
  readonly countries?: readonly DistrictCountry[];
}

export interface DistrictPath {
  readonly province: DistrictProvince;
  readonly city: DistrictCity;
  readonly area: DistrictArea;
}

/** The province, city and area with these ids, if the area lies in the city and the city in the province. */
export function findDistrictPath(
  tree: DistrictTree,
  provinceId: string,
  cityId: string,
  areaId: string,
): DistrictPath | null {
  const province = tree.provinces.find((p) => p.id === provinceId);
  const city = province?.cities.find((c) => c.id === cityId);
  const area = city?.areas.find((a) => a.id === areaId);
  return province && city && area ? { province, city, area } : null;
}

export function isValidDistrictPath(tree: DistrictTree, provinceId: string, cityId: string, areaId: string): boolean {
  return findDistrictPath(tree, provinceId, cityId, areaId) !== null;
}

/** Full address line prefix, e.g. "广东省 深圳市 南山区"; a city named like its province is not repeated. */
export function districtPathLabel(path: DistrictPath): string {
  const parts = [path.province.name, path.city.name, path.area.name];
  return parts.filter((name, i) => i === 0 || name !== parts[i - 1]).join(' ');
}
