import { formatMoney } from '@shop/contract/money';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { BarChart } from '../../ui/dashboard-kit/charts/bar-chart';
import { ChartCard } from '../../ui/dashboard-kit/charts/chart-card';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { STAT_ICONS, StatCard, StatCardsSkeleton } from '../../ui/dashboard-kit/stat-card';
import { FRESH, useGetUserStatsQuery } from './account.api';

/** The customer's dashboard home: a welcome, their totals and a bar chart of them. */
export function UserDashboardPage() {
  const user = useDashboardUser();
  const isAdmin = user.role === 'admin';
  const query = useGetUserStatsQuery(user._id, { skip: isAdmin, ...FRESH });

  // An admin's dashboard is the shop's, not a shopper's.
  if (isAdmin) return <Navigate to={paths.dashboard.admin.href()} replace />;

  return (
    <QueryPage
      eyebrow="My account"
      title={`Welcome, ${user.username}`}
      description="Here is an overview of your payments, your reviews and what you have bought."
      query={query}
      loading={<StatCardsSkeleton count={3} label="Loading your stats" />}
      failed={{ title: 'An error occurred while fetching your stats. Please try again later.', reason: true }}
      empty="No statistics available for your account."
    >
      {(data) => (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Payments" value={formatMoney(data.totalPayments)} icon={STAT_ICONS.money} />
            <StatCard label="Total Reviews" value={String(data.totalReviews)} icon={STAT_ICONS.reviews} />
            <StatCard label="Total Purchased" value={String(data.totalPurchasedProducts)} icon={STAT_ICONS.orders} />
          </div>
          <ChartCard
            title="Your activity"
            summary={`Bar chart. Total Payments ${formatMoney(data.totalPayments)}, Total Reviews ${data.totalReviews}, Total Purchased ${data.totalPurchasedProducts}.`}
          >
            <BarChart
              label="Your activity"
              labels={['Total Payments ($)', 'Total Reviews', 'Total Purchased']}
              values={[data.totalPayments, data.totalReviews, data.totalPurchasedProducts]}
            />
          </ChartCard>
        </div>
      )}
    </QueryPage>
  );
}
