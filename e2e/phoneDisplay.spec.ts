// Phone numbers are written by the server (docs/rules/referrals.md, "Phone numbers"): the pages show
// its text, and no page's JavaScript carries the phone-number library's metadata.
import { addReferral, createCustomer } from "./support/api.ts";
import { expect, signInThroughApi, test } from "./support/pages.ts";

// A key of libphonenumber's metadata: present in any bundle that carries the library.
const LIBRARY_MARK = "countryCallingCodes";

test("a customer's /home and the Admin Panel show the server's phone text, and download no phone library", async ({
  page,
  adminPage,
}) => {
  const { customer, session } = await createCustomer("Phoebe", "Shown");
  await addReferral(session, { name: "Amelie Shown", phone: "+33 6 12 34 56 78" });
  await signInThroughApi(page, customer);

  // Each script the two browsers download, as its address when it carries the library.
  const scripts: Promise<string | null>[] = [];
  for (const browserPage of [page, adminPage])
    browserPage.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push(response.text().then((body) => (body.includes(LIBRARY_MARK) ? response.url() : null)));
    });

  await page.goto("/home?tab=referrals");
  await expect(page.getByTestId("referral-list")).toContainText("+33 6 12 34 56 78");
  await adminPage.goto("/admin?tab=pending-referrals&q=Amelie%20Shown");
  await expect(adminPage.getByTestId("pending-referral-list")).toContainText("+33 6 12 34 56 78");

  const carriers = await Promise.all(scripts);
  expect(carriers.length).toBeGreaterThan(0);
  expect(carriers.filter(Boolean)).toEqual([]);
});
