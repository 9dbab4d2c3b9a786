import { describe, expect, it } from 'vitest';
import { mayCall } from './roles';

describe('mayCall', () => {
  it("reads the route table's access against the member's role", () => {
    expect(mayCall('cleaner', 'createProject')).toBe(true);
    expect(mayCall('cleaner', 'deleteProject')).toBe(false);
    expect(mayCall('manager', 'deleteProject')).toBe(true);
    expect(mayCall('manager', 'upgradeSubscription')).toBe(false);
    expect(mayCall('owner', 'upgradeSubscription')).toBe(true);
    expect(mayCall('cleaner', 'getTeam')).toBe(false);
  });

  it('admits nobody signed out to a member route, and everyone to a public one', () => {
    expect(mayCall(undefined, 'listProjects')).toBe(false);
    expect(mayCall(undefined, 'getInvite')).toBe(true);
    expect(mayCall('owner', 'getAdminAnalytics')).toBe(false);
  });
});
