import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";

/** One row of a chart: its category label and a number per series. */
export type ChartRow = Record<string, string | number>;

export interface ChartSeries {
  name: string;
  label: string;
  /** A Chakra colour token. */
  color: string;
}

interface ReportBarChartProps {
  data: ChartRow[];
  /** The field under each group of bars (a week, a stage, a segment). */
  category: string;
  series: ChartSeries[];
  /** A value as people read it ("£1,200", "4"). */
  formatValue: (value: number) => string;
  height?: number;
}

/**
 * Bars drawn by Chakra UI's charts (on Recharts). Hidden from screen readers: every chart has its
 * numbers in a table beside it (ChartWithTable), which is what they read instead of the SVG.
 */
export function ReportBarChart({ data, category, series, formatValue, height = 260 }: ReportBarChartProps) {
  const chart = useChart<ChartRow>({
    data,
    series: series.map((s) => ({ name: s.name, color: s.color, label: s.label })),
  });
  return (
    <Chart.Root chart={chart} maxH={`${height}px`} aria-hidden="true" data-testid="report-chart">
      <BarChart data={chart.data} accessibilityLayer={false} responsive>
        <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
        <XAxis dataKey={chart.key(category)} tickLine={false} axisLine={false} tickMargin={8} />
        <YAxis tickLine={false} axisLine={false} tickFormatter={formatValue} width={72} />
        <Tooltip
          cursor={{ fill: chart.color("bg.muted") }}
          animationDuration={0}
          content={<Chart.Tooltip formatter={(value) => formatValue(Number(value))} />}
        />
        {series.length > 1 ? <Legend content={<Chart.Legend />} /> : null}
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.label ?? item.name)}
            fill={chart.color(item.color)}
            radius={[4, 4, 0, 0]}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
