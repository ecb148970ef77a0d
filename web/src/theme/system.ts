import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

/*
 * The pages are light only and use five colour palettes (brand, amber and green for states, red
 * for errors, gray), plus blue and orange through the info and warning alerts. Chakra builds a CSS
 * variable, its conditions and its colorPalette aliases for every token when the app starts: its
 * other five palettes and every dark-mode value were a third of createSystem's time on a phone
 * (docs/performance.md), spent on the main thread before the first interaction.
 */
const UNUSED_PALETTES = new Set(["yellow", "teal", "cyan", "purple", "pink"]);

function withoutUnusedPalettes<T extends Record<string, unknown>>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/** A semantic token's `{ _light, _dark }` value becomes its light value. */
function lightOnly<T>(tokens: T): T {
  if (tokens === null || typeof tokens !== "object") return tokens;
  const entries = Object.entries(tokens).map(([key, value]) => {
    if (key === "value" && value !== null && typeof value === "object" && "_light" in value) return [key, value._light];
    return [key, lightOnly(value)];
  });
  return Object.fromEntries(entries) as T;
}

/*
 * Chakra's full default theme carries recipes for some 70 components (about 20 KB gzip, and the
 * landing page's initial JavaScript must stay under 200 KB). This one registers the recipes of
 * the components the apps use. A component whose recipe is missing renders unstyled: when you
 * use a Chakra component not listed here, add its recipe (from "@chakra-ui/react/theme").
 * Recipes cannot be split into page chunks: Chakra finds them by key in this one system.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/**
 * One theme for the customer and admin apps: deep teal is the brand, amber marks rewards and
 * milestones, green marks paid or verified, red is kept for destructive actions and errors.
 * Solid fills use the 700 shade so white text on them passes WCAG AA (4.5:1).
 */
const config = defineConfig({
  globalCss: {
    // Components without a colorPalette of their own take the brand's.
    html: { colorPalette: "brand" },
    "html, body": { bg: "bg.canvas", color: "fg", minHeight: "100%" },
    "#root": { minHeight: "100dvh" },
    // Respect the system's reduce-motion setting everywhere: no spinning, sliding or fading.
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
        scrollBehavior: "auto !important",
      },
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#effaf8" },
          100: { value: "#d3f2ec" },
          200: { value: "#a8e4d9" },
          300: { value: "#6fcfc0" },
          400: { value: "#3bb2a3" },
          500: { value: "#1f968a" },
          600: { value: "#147970" },
          700: { value: "#11625c" },
          800: { value: "#104f4b" },
          900: { value: "#0f413e" },
          950: { value: "#042624" },
        },
        amber: {
          50: { value: "#fffbeb" },
          100: { value: "#fef3c7" },
          200: { value: "#fde68a" },
          300: { value: "#fcd34d" },
          400: { value: "#fbbf24" },
          500: { value: "#f59e0b" },
          600: { value: "#d97706" },
          700: { value: "#b45309" },
          800: { value: "#92400e" },
          900: { value: "#78350f" },
          950: { value: "#451a03" },
        },
      },
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
        amber: {
          // Dark text on amber: white on amber fails contrast.
          solid: { value: "{colors.amber.400}" },
          contrast: { value: "{colors.amber.950}" },
          fg: { value: "{colors.amber.800}" },
          muted: { value: "{colors.amber.100}" },
          subtle: { value: "{colors.amber.50}" },
          emphasized: { value: "{colors.amber.200}" },
          focusRing: { value: "{colors.amber.600}" },
        },
        // Chakra's green.600 under white text is 3.3:1; the 700 shade passes AA.
        green: {
          solid: { value: "{colors.green.700}" },
          focusRing: { value: "{colors.green.700}" },
        },
        bg: {
          canvas: { value: "#f4f7f6" },
        },
        // Chakra's red.500 for error text under a field is 3.8:1 on white; red.600 passes AA (4.8:1).
        fg: {
          error: { value: "{colors.red.600}" },
        },
      },
      shadows: {
        card: { value: "0 1px 2px rgba(16, 79, 75, 0.06), 0 4px 16px rgba(16, 79, 75, 0.08)" },
      },
    },
    slotRecipes: {
      card: {
        slots: cardSlotRecipe.slots,
        base: { root: { borderRadius: "2xl", boxShadow: "card", borderWidth: "0" } },
      },
      // Chakra dims a toast's description to 80%, which drops white on red or green below 4.5:1.
      toast: {
        slots: toastSlotRecipe.slots,
        base: { description: { opacity: 1 } },
      },
      dialog: {
        slots: dialogSlotRecipe.slots,
        base: { content: { borderRadius: "2xl" } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
