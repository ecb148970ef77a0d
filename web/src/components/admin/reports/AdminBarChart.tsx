import { Box, Text } from "@chakra-ui/react";
import { useId } from "react";

export interface BarDatum {
  /** Under the bar (a date, a segment). */
  label: string;
  value: number;
  /** The value as people read it ("£1,200.00", "4 customers"). */
  valueLabel: string;
}

interface AdminBarChartProps {
  title: string;
  /** One sentence saying what the chart shows; the same figures are in a table beside it. */
  description: string;
  data: readonly BarDatum[];
  /** A Chakra colour token for the bars. */
  color?: string;
  height?: number;
}

const LABEL_SPACE = 34;
const VALUE_SPACE = 18;

/**
 * A small bar chart drawn as SVG: labelled for screen readers as one image with a title and a
 * description (the numbers themselves are in the table next to it), each bar with its value in
 * a tooltip, and no animation.
 */
export function AdminBarChart({ title, description, data, color = "brand.solid", height = 220 }: AdminBarChartProps) {
  const id = useId();
  const width = Math.max(data.length * 72, 560);
  const max = Math.max(...data.map((d) => d.value), 0);
  const plotHeight = height - LABEL_SPACE - VALUE_SPACE;
  const slot = width / Math.max(data.length, 1);
  const barWidth = Math.min(44, slot * 0.6);

  return (
    // On a narrow screen the chart scrolls sideways: focusable and named, so the keyboard can scroll it too.
    <Box
      overflowX="auto"
      color={color}
      tabIndex={0}
      role="region"
      aria-label={title}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        preserveAspectRatio="xMidYMid meet"
        style={{ minWidth: Math.min(width, 480), display: "block" }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line
          x1="0"
          x2={width}
          y1={VALUE_SPACE + plotHeight}
          y2={VALUE_SPACE + plotHeight}
          stroke="#94a3b8"
          strokeWidth="1"
        />
        {data.map((d, index) => {
          const barHeight = max === 0 ? 0 : Math.max(2, (d.value / max) * plotHeight);
          const x = index * slot + (slot - barWidth) / 2;
          const y = VALUE_SPACE + plotHeight - barHeight;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (two purchases on one day); the bars are redrawn whole
            <g key={index}>
              <rect x={x} y={y} width={barWidth} height={barHeight} rx="4" fill="currentColor">
                <title>{`${d.label}: ${d.valueLabel}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize="10" fill="#334155">
                {d.valueLabel}
              </text>
              <text
                x={index * slot + slot / 2}
                y={height - LABEL_SPACE / 2 + 4}
                textAnchor="middle"
                fontSize="11"
                fill="#475569"
              >
                {d.label}
              </text>
            </g>
          );
        })}
      </svg>
      {data.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          Nothing to show yet.
        </Text>
      ) : null}
    </Box>
  );
}
