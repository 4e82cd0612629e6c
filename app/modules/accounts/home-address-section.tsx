import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/input-field";
import { useTranslation } from "~/i18n/use-translation";
import type { SavedHomeAddress } from "~/modules/accounts/saved-patients.server";
import { ProfileSectionCard } from "~/modules/accounts/profile-section-card";
import { useFormResult, type FormResult } from "~/utils/form-result";

const pin = (value: number | null) => (value === null ? "" : String(value));

/**
 * The home-collection address saved on the account (issue 26): area, building, flat, landmark,
 * a phone number and an optional map pin; checkout and the booking form prefill it.
 */
export function HomeAddressSection({ address, areas }: { address: SavedHomeAddress; areas: string[] }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher<FormResult>();
  const errors = useFormResult(fetcher.data);
  const [latitude, setLatitude] = useState(pin(address.homeLatitude));
  const [longitude, setLongitude] = useState(pin(address.homeLongitude));
  const [locating, setLocating] = useState(false);
  const usePosition = () => {
    if (!("geolocation" in navigator)) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLatitude(position.coords.latitude.toFixed(6));
        setLongitude(position.coords.longitude.toFixed(6));
        setLocating(false);
      },
      () => setLocating(false),
      { timeout: 10_000 },
    );
  };
  return (
    <ProfileSectionCard title={t("Home collection address")} description={t("Saved for next time: checkout fills it in when you choose home collection.")} intent="home-address" fetcher={fetcher}>
      <InputField id="homeArea" label={t("Area")} list="home-area-options" maxLength={100} defaultValue={address.homeArea ?? ""} error={errors.homeArea} />
      <datalist id="home-area-options">
        {areas.map((area) => (
          <option key={area} value={area} />
        ))}
      </datalist>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField id="homeBuilding" label={t("Building")} maxLength={150} defaultValue={address.homeBuilding ?? ""} error={errors.homeBuilding} />
        <InputField id="homeFlat" label={t("Flat or villa")} maxLength={50} defaultValue={address.homeFlat ?? ""} error={errors.homeFlat} />
      </div>
      <InputField id="homeLandmark" label={t("Landmark")} maxLength={150} defaultValue={address.homeLandmark ?? ""} error={errors.homeLandmark} />
      <InputField id="homePhone" name="phone" type="tel" autoComplete="tel" label={t("Phone for the visit")} maxLength={30} defaultValue={address.phone ?? ""} error={errors.phone} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t("Map pin (optional)")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField id="homeLatitude" label={t("Latitude")} inputMode="decimal" value={latitude} onChange={(event) => setLatitude(event.target.value)} error={errors.homeLatitude} />
          <InputField id="homeLongitude" label={t("Longitude")} inputMode="decimal" value={longitude} onChange={(event) => setLongitude(event.target.value)} error={errors.homeLongitude} />
        </div>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={usePosition} disabled={locating}>
            {locating ? t("Locating...") : t("Use my current location")}
          </Button>
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("Saving...") : t("Save address")}
        </Button>
      </div>
    </ProfileSectionCard>
  );
}
