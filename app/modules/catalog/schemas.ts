import { z } from "zod";
import { checkbox, optionalEmail, optionalText, optionalUrl, requiredText } from "~/utils/form-fields";
import { text } from "~/utils/text-schema";

export const CategoryFormSchema = z.object({
  name: requiredText("Name is required", 120),
  description: optionalText(2000),
  icon: z.enum(["heart", "dna", "none"]).default("none").transform((icon) => (icon === "none" ? null : icon)),
});

export type CategoryInput = z.output<typeof CategoryFormSchema>;

export const LabFormSchema = z.object({
  name: requiredText("Name is required", 160),
  description: optionalText(2000),
  address: optionalText(2000),
  contactPhone: text().trim().max(40).optional().transform((value) => value || null),
  contactEmail: optionalEmail(),
  isActive: checkbox(),
  logoUrl: optionalUrl(),
  bannerUrl: optionalUrl(),
});

export type LabInput = z.output<typeof LabFormSchema>;
