import { Box, type BoxProps } from "@chakra-ui/react";

/**
 * The customer app's column: phone first, at most about 480 px wide and centred on larger
 * screens (docs/rules/web-app.md). Admin pages use the full width instead.
 */
export function PageContainer(props: BoxProps) {
  return <Box width="full" maxWidth="480px" marginX="auto" paddingX="4" {...props} />;
}
