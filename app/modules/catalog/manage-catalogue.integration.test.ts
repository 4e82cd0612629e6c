import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertCategory } from "~/seed/factories.server";
import { labs, testCategories } from "~/db/schema";
import { categoryCrud, searchCategories as listCategories } from "~/modules/catalog/manage-categories.server";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { labCrud } from "~/modules/catalog/manage-labs.server";
import { grantAdmin, listUsers, revokeAdmin } from "~/modules/accounts/roles.server";

describe("admin categories and labs", () => {
  it("creates, updates and deletes a category with the spec's messages", async () => {
    const created = await runCrudAction({ intent: "create", name: "Sports Medicine", icon: "heart" }, categoryCrud);
    expect(created.data).toEqual({ ok: true, toast: { title: "Category created" } });
    const [row] = await listCategories("sports");
    expect(row).toMatchObject({ name: "Sports Medicine", icon: "heart" });

    const updated = await runCrudAction({ intent: "update", id: row.id, name: "Sports Health", icon: "none" }, categoryCrud);
    expect(updated.data).toEqual({ ok: true, toast: { title: "Category updated" } });
    expect((await listCategories("sports"))[0]).toMatchObject({ name: "Sports Health", icon: null });

    const deleted = await runCrudAction({ intent: "delete", id: row.id }, categoryCrud);
    expect(deleted.data).toEqual({ ok: true, toast: { title: "Category deleted" } });
    expect(await db.select().from(testCategories)).toHaveLength(0);
  });

  it("keeps the Arabic name and description of a category and a lab beside the English ones", async () => {
    await runCrudAction({ intent: "create", name: "Sports Medicine", nameAr: " الطب الرياضي ", descriptionAr: "فحوصات للرياضيين" }, categoryCrud);
    const [category] = await listCategories("sports");
    expect(category).toMatchObject({ name: "Sports Medicine", nameAr: "الطب الرياضي", descriptionAr: "فحوصات للرياضيين" });
    await runCrudAction({ intent: "update", id: category.id, name: "Sports Medicine", nameAr: "" }, categoryCrud);
    expect((await listCategories("sports"))[0]).toMatchObject({ nameAr: null, descriptionAr: null });

    await runCrudAction({ intent: "create", name: "Gulf Lab", nameAr: "مختبر الخليج", addressAr: "جزيرة الريم، أبوظبي" }, labCrud);
    const [lab] = await db.select().from(labs);
    expect(lab).toMatchObject({ name: "Gulf Lab", nameAr: "مختبر الخليج", addressAr: "جزيرة الريم، أبوظبي", descriptionAr: null });
  });

  it("refuses a category without a name and changes nothing", async () => {
    const result = await runCrudAction({ intent: "create", name: "  " }, categoryCrud);
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, toast: { title: "Error creating category" }, fieldErrors: { name: ["Name is required"] } });
    expect(await db.select().from(testCategories)).toHaveLength(0);
  });

  it("explains a duplicate category name", async () => {
    await insertCategory(db, { name: "Thyroid" });
    const result = await runCrudAction({ intent: "create", name: "thyroid" }, categoryCrud);
    expect(result.data).toMatchObject({ ok: false, toast: { description: "A category with this name already exists." } });
  });

  it("answers a forged or unknown id with an error", async () => {
    expect((await runCrudAction({ intent: "delete", id: "not-a-uuid" }, categoryCrud)).init?.status).toBe(400);
    const unknown = await runCrudAction({ intent: "update", id: crypto.randomUUID(), name: "X" }, categoryCrud);
    expect(unknown.init?.status).toBe(404);
  });

  it("validates lab e-mail and URLs and toggles a lab inactive", async () => {
    const bad = await runCrudAction(
      { intent: "create", name: "Bad Lab", contactEmail: "nope", logoUrl: "javascript:alert(1)" },
      labCrud,
    );
    expect(bad.data).toMatchObject({
      ok: false,
      fieldErrors: { contactEmail: ["Please enter a valid email address"], logoUrl: ["Please enter a valid URL"] },
    });
    expect(await db.select().from(labs)).toHaveLength(0);

    await runCrudAction({ intent: "create", name: "Good Lab", contactEmail: "lab@example.ae", isActive: "true" }, labCrud);
    const [lab] = await db.select().from(labs);
    expect(lab.isActive).toBe(true);
    await runCrudAction({ intent: "update", id: lab.id, name: "Good Lab", isActive: "false" }, labCrud);
    expect((await db.select().from(labs))[0].isActive).toBe(false);
  });
});

describe("admin roles", () => {
  it("grants, refuses a second grant, and removes admin", async () => {
    await createAccount(db, { email: "owner@example.com", admin: true });
    const customer = await createAccount(db, { email: "staff@example.com" });
    expect(await grantAdmin(customer.id)).toBe("granted");
    expect(await grantAdmin(customer.id)).toBe("already-admin");
    expect((await listUsers("staff", 1)).users[0].isAdmin).toBe(true);
    expect(await revokeAdmin(customer.id)).toBe("removed");
    expect((await listUsers("staff", 1)).users[0].isAdmin).toBe(false);
    expect(await revokeAdmin(customer.id)).toBe("not-admin");
    expect(await grantAdmin("no-such-user")).toBe("no-such-user");
  });
});
