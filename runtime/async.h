/* spv2c runtime part: async (needs: base) */
