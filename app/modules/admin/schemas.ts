import { z } from "zod";
import { pageNumber, searchText } from "~/utils/form-fields";

export const IdSchema = z.object({ id: z.uuid() });

export const AdminSearchSchema = z.object({
  q: searchText(),
  page: pageNumber(),
});
