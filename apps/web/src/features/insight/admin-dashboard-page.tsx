import { formatMoney } from '@shop/contract/money';
import type { AdminStats } from '@shop/contract/stats';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { ChartCard } from '../../ui/dashboard-kit/charts/chart-card';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { STAT_ICONS, StatCard, StatCardsSkeleton } from '../../ui/dashboard-kit/stat-card';
import { Skeleton } from '../../ui/skeleton';
import { useGetAdminStatsQuery } from './admin-stats.api';
import { failedWithReason } from './insight-failed';
import { LowStockCard } from './low-stock-card';

/*
 * The charts' library is most of what this page would load: the totals show without it, and each chart
 * fills its box, whose size is fixed, once the library has come.
 */
const MoneyLineChart = lazy(async () => ({
  default: (await import('../../ui/dashboard-kit/charts/line-chart')).MoneyLineChart,
}));
const DoughnutChart = lazy(async () => ({
  default: (await import('../../ui/dashboard-kit/charts/doughnut-chart')).DoughnutChart,
}));
const chartLoading = <Skeleton className="size-full" />;

const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m, 1))),
);

/** One slot a month, January to December, so a month the server left out shows as nothing earned. */
function earningsByMonth(stats: AdminStats): number[] {
  return MONTHS.map((_, i) => stats.monthlyEarnings.find((m) => m.month === i + 1)?.earnings ?? 0);
}

function Statistics({ stats }: { stats: AdminStats }) {
  const earnings = earningsByMonth(stats);
  const totals = [stats.totalOrders, stats.totalProducts, stats.totalReviews, stats.totalUsers];
  const totalLabels = ['Orders', 'Products', 'Reviews', 'Users'];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Earnings" value={formatMoney(stats.totalEarnings)} icon={STAT_ICONS.money} />
        <StatCard label="Total Orders" value={String(stats.totalOrders)} icon={STAT_ICONS.orders} />
        <StatCard label="Total Users" value={String(stats.totalUsers)} icon={STAT_ICONS.users} />
        <StatCard label="Total Products" value={String(stats.totalProducts)} icon={STAT_ICONS.products} />
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ChartCard
          title={`Earnings in ${new Date().getUTCFullYear()}`}
          summary={`Line chart of earnings per month. ${MONTHS.map((m, i) => `${m}: ${formatMoney(earnings[i] ?? 0)}`).join(', ')}.`}
        >
          <Suspense fallback={chartLoading}>
            <MoneyLineChart label="Earnings" labels={MONTHS} values={earnings} />
          </Suspense>
        </ChartCard>
        <ChartCard
          title="Shop totals"
          summary={`Doughnut chart. ${totalLabels.map((l, i) => `${l}: ${totals[i]}`).join(', ')}.`}
        >
          <Suspense fallback={chartLoading}>
            <DoughnutChart label="Shop totals" labels={totalLabels} values={totals} />
          </Suspense>
        </ChartCard>
      </div>
      <LowStockCard />
    </div>
  );
}

/** The admin's dashboard: a greeting, the shop's totals, a chart of them and the year's earnings. */
export function AdminDashboardPage() {
  const user = useDashboardUser();
  const query = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <QueryPage
      eyebrow="Admin dashboard"
      title={`Hello, ${user.username}!`}
      description="How the shop is doing: orders, earnings, customers, the catalogue and what runs low."
      actions={
        <Link to={paths.dashboard.insight.href()} className={buttonClass('outline', 'sm')}>
          Sales insight by day
        </Link>
      }
      query={query}
      loading={<StatCardsSkeleton count={4} label="Loading the shop's stats" />}
      failed={failedWithReason('The statistics could not be loaded.')}
      empty="Failder to load stats"
    >
      {(data) => <Statistics stats={data} />}
    </QueryPage>
  );
}
