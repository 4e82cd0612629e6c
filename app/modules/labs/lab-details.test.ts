import { describe, expect, it } from "vitest";
import { labJsonLd, mapUrl, openingHoursRows, openingHoursSpecification, resultHoursText } from "~/modules/labs/lab-details";

const hours = {
  sun: { open: "07:00", close: "22:00" },
  mon: { open: "07:00", close: "22:00" },
  tue: { open: "07:00", close: "22:00" },
  wed: { open: "07:00", close: "22:00" },
  thu: { open: "07:00", close: "22:00" },
  fri: null,
  sat: { open: "00:00", close: "24:00" },
};

describe("a lab page's details", () => {
  it("lists opening hours per weekday from Sunday, with closed days and round-the-clock days", () => {
    const rows = openingHoursRows(hours);
    expect(rows.map((row) => `${row.day}: ${row.hours}`)).toEqual([
      "Sunday: 07:00 – 22:00",
      "Monday: 07:00 – 22:00",
      "Tuesday: 07:00 – 22:00",
      "Wednesday: 07:00 – 22:00",
      "Thursday: 07:00 – 22:00",
      "Friday: Closed",
      "Saturday: Open 24 hours",
    ]);
    expect(openingHoursRows(null)).toEqual([]);
  });

  it("links to the lab on a map by its coordinates, and not at all without them", () => {
    expect(mapUrl(24.49891, 54.40664)).toBe("https://www.openstreetmap.org/?mlat=24.49891&mlon=54.40664#map=16/24.49891/54.40664");
    expect(mapUrl(null, 54.4)).toBeNull();
  });

  it("says result times in hours or whole days", () => {
    expect(resultHoursText(24)).toBe("Results in 24 hours");
    expect(resultHoursText(72)).toBe("Results in 3 days");
    expect(resultHoursText(null)).toBeNull();
  });

  it("describes the lab as a schema.org MedicalClinic with address, geo, opening hours and telephone", () => {
    const data = labJsonLd(
      {
        name: "Reem Lab",
        description: null,
        area: "Al Reem Island",
        address: "Sky Tower, Al Reem Island",
        contactPhone: "+971 2 643 7150",
        contactEmail: null,
        logoUrl: null,
        latitude: 24.4989,
        longitude: 54.4066,
        openingHours: hours,
        homeCollectionAreas: ["Saadiyat"],
        homeCollectionFeeFils: 3500,
      },
      "https://labtesthub.ae/labs/reem-lab",
      null,
    );
    expect(data).toMatchObject({
      "@type": "MedicalClinic",
      name: "Reem Lab",
      telephone: "+971 2 643 7150",
      address: { "@type": "PostalAddress", streetAddress: "Sky Tower, Al Reem Island", addressLocality: "Al Reem Island", addressCountry: "AE" },
      geo: { "@type": "GeoCoordinates", latitude: 24.4989, longitude: 54.4066 },
    });
    expect(data.openingHoursSpecification).toHaveLength(6);
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Saturday",
      opens: "00:00",
      closes: "23:59",
    });
    expect(openingHoursSpecification(null)).toEqual([]);
  });
});
