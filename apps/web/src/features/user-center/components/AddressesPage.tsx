import { useQuery } from '@tanstack/react-query';
import type { AddressInput, DetailedAddress, Districts } from '@lantern/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addressesQuery } from '../../../lib/addresses';
import { districtsQuery } from '../../../lib/districts';
import { errorToText } from '../../../lib/errors';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { FormActions } from '../../../ui/FormActions';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { PinIcon } from '../../../ui/icons';
import { Modal } from '../../../ui/Modal';
import { PageSpinner } from '../../../ui/Spinner';
import { Checkbox, FormAlert, SelectField, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { WarningDialog } from '../../../ui/WarningDialog';
import { useCreateAddress } from '../api/createAddress';
import { useDeleteAddress } from '../api/deleteAddress';
import { useUpdateAddress } from '../api/updateAddress';
import { SettingsShell } from './SettingsShell';

type Values = {
  name: string;
  phone_number: string;
  country_code: string;
  prov_id: string;
  city_id: string;
  area_id: string;
  region_text: string;
  address: string;
  postcode: string;
  is_default: boolean;
};

const FIELDS = ['name', 'phone_number', 'country_code', 'prov_id', 'city_id', 'area_id', 'region_text', 'address', 'postcode'] as const;
const required = (v: string) => (v.trim() ? true : 'blank');

function AddressForm({ address, districts, onDone }: { address: DetailedAddress | null; districts: Districts | undefined; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const native = site.area === 'native';
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [general, setGeneral] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError, clearErrors, watch, setValue } = useForm<Values>({
    defaultValues: {
      name: address?.name ?? '',
      phone_number: address?.phone_number ?? '',
      country_code: address?.country_code ?? (native ? 'CN' : 'US'),
      prov_id: address?.prov?.id ?? '',
      city_id: address?.city?.id ?? '',
      area_id: address?.area?.id ?? '',
      region_text: address?.region_text ?? '',
      address: address?.address ?? '',
      postcode: address?.postcode ?? '',
      is_default: address?.is_default ?? false,
    },
  });
  const e = formState.errors;
  const provId = watch('prov_id');
  const cityId = watch('city_id');
  const province = districts?.provinces.find((p) => p.id === provId);
  const city = province?.cities.find((c) => c.id === cityId);
  const countries = useMemo(
    () => [...(districts?.countries ?? [])].filter((c) => c.code !== 'CN').sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [districts, i18n.language],
  );

  // One level of the mainland's districts: "choose", then its places; a choice clears the levels below it.
  const districtSelect = (name: 'prov_id' | 'city_id' | 'area_id', label: string, places: { id: string; name: string }[] | undefined, below: ('city_id' | 'area_id')[], disabled?: boolean) => (
    <SelectField
      label={label}
      required
      disabled={disabled}
      error={fieldErrorText(t, name, e[name])}
      {...register(name, {
        validate: required,
        onChange: () => {
          for (const level of below) setValue(level, '');
          clearErrors(name);
        },
      })}
    >
      <option value="">{t('addresses.choose')}</option>
      {places?.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    const body: AddressInput = {
      name: v.name.trim(),
      phone_number: v.phone_number.trim(),
      address: v.address.trim(),
      postcode: v.postcode.trim(),
      is_default: v.is_default,
      ...(native
        ? { country_code: 'CN', prov_id: v.prov_id, city_id: v.city_id, area_id: v.area_id }
        : { country_code: v.country_code, region_text: v.region_text.trim() }),
    };
    try {
      // Both resolve once the address book has been reloaded.
      if (address) await update.mutateAsync({ id: address.id, changes: body });
      else await create.mutateAsync(body);
      toast.success(t('ui.save_success'));
      onDone();
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, FIELDS, { prov: 'prov_id', city: 'city_id', area: 'area_id' }));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="address-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.consignee')} autoComplete="name" required error={fieldErrorText(t, 'name', e.name)} {...register('name', { validate: required, onChange: () => clearErrors('name') })} />
        <TextField label={t('fields.phone_number')} type="tel" autoComplete="tel" required error={fieldErrorText(t, 'phone_number', e.phone_number)} {...register('phone_number', { validate: required, onChange: () => clearErrors('phone_number') })} />
      </div>
      {native ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {districtSelect('prov_id', t('fields.prov'), districts?.provinces, ['city_id', 'area_id'])}
          {districtSelect('city_id', t('fields.city'), province?.cities, ['area_id'], !province)}
          {districtSelect('area_id', t('fields.area'), city?.areas, [], !city)}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('fields.country_code')} required error={fieldErrorText(t, 'country_code', e.country_code)} {...register('country_code', { validate: required })}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t('fields.region_text')} autoComplete="address-level1" required error={fieldErrorText(t, 'region_text', e.region_text)} {...register('region_text', { validate: required, onChange: () => clearErrors('region_text') })} />
        </div>
      )}
      <TextField label={t('fields.address')} autoComplete="street-address" required error={fieldErrorText(t, 'address', e.address)} {...register('address', { validate: required, onChange: () => clearErrors('address') })} />
      <TextField label={t('fields.postcode')} autoComplete="postal-code" containerClassName="sm:max-w-48" error={fieldErrorText(t, 'postcode', e.postcode)} {...register('postcode')} />
      <Checkbox label={t('addresses.make_default')} {...register('is_default')} />
      {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
      <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
    </form>
  );
}

function regionLine(a: DetailedAddress, countryName: (code: string) => string) {
  if (a.prov || a.city || a.area) return [a.prov?.name, a.city?.name, a.area?.name].filter(Boolean).join(' ');
  return [a.region_text, countryName(a.country_code)].filter(Boolean).join(', ');
}

/** /setting/addresses: the address book (list, add, edit, delete, default). */
export function AddressesPage() {
  const { t } = useTranslation();
  const list = useQuery(addressesQuery);
  const districts = useQuery(districtsQuery);
  const [editing, setEditing] = useState<DetailedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DetailedAddress | null>(null);
  const countryName = (code: string) => districts.data?.countries.find((c) => c.code === code)?.name ?? code;

  const makeDefault = useUpdateAddress({ onError: (e) => toast.fail(errorToText(t, e)) });
  const remove = useDeleteAddress({
    onSuccess: () => {
      toast.success(t('ui.delete_success'));
      setDeleting(null);
    },
    onError: (e) => toast.fail(errorToText(t, e)),
  });

  const addresses = list.data?.detailed_addresses ?? [];
  return (
    <SettingsShell
      title={t('addresses.title')}
      subtitle={t('addresses.subtitle')}
      aside={
        <Button onClick={() => setEditing('new')} data-testid="add-address">
          + {t('addresses.add')}
        </Button>
      }
    >
      {list.isPending ? (
        <PageSpinner label={t('ui.loading')} />
      ) : list.isError ? (
        <FormAlert>{errorToText(t, list.error)}</FormAlert>
      ) : addresses.length === 0 ? (
        <EmptyState icon={<PinIcon className="size-6" />} title={t('addresses.empty')} body={t('addresses.empty_body')} action={<Button onClick={() => setEditing('new')}>{t('addresses.add')}</Button>} />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="address-list">
          {addresses.map((a) => (
            <li key={a.id}>
              <Card className={a.is_default ? 'h-full p-4 ring-accent/60' : 'h-full p-4'}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-semibold text-fg">
                      {a.name}
                      <span className="text-sm font-normal text-muted">{a.phone_number}</span>
                    </p>
                    <p className="mt-1 text-sm text-muted">{regionLine(a, countryName)}</p>
                    <p className="text-sm text-fg/90">
                      {a.address} {a.postcode}
                    </p>
                  </div>
                  {a.is_default ? <span className="shrink-0 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">{t('addresses.default')}</span> : null}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
                    {t('ui.edit')}
                  </Button>
                  {a.is_default ? null : (
                    <Button size="sm" variant="ghost" onClick={() => makeDefault.mutate({ id: a.id, changes: { is_default: true } })} loading={makeDefault.isPending && makeDefault.variables?.id === a.id}>
                      {t('addresses.set_default')}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" className="text-danger hover:text-danger" onClick={() => setDeleting(a)}>
                    {t('ui.delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Modal open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing === 'new' ? t('addresses.add') : t('addresses.edit')} size="lg">
        {editing !== null ? <AddressForm key={editing === 'new' ? 'new' : editing.id} address={editing === 'new' ? null : editing} districts={districts.data} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <WarningDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('addresses.delete_title')}
        body={t('addresses.delete_body')}
        confirmText={t('ui.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SettingsShell>
  );
}
