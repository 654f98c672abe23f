/* spv2c runtime part: atomic (needs: base) */
